import Link from "next/link";
import type { ApiKeySummary } from "@/lib/keys/list-api-keys";
import { ApiError } from "@/lib/errors/api-error";
import { countRequestsPerDay } from "@/lib/request-logs/count-requests-per-day";
import { listRecentRequests } from "@/lib/request-logs/list-recent-requests";
import { summarizeUsage } from "@/lib/request-logs/summarize-usage";
import { styles } from "@/components/ui/styles";
import { KeyPicker } from "@/components/usage/key-picker";
import { RecentRequestsTable } from "@/components/usage/recent-requests-table";
import { NewestOlderPager } from "@/components/ui/newest-older-pager";
import { StatusFilter } from "@/components/usage/status-filter";
import { UsageChart } from "@/components/usage/usage-chart";
import { UsageEmptyState } from "@/components/usage/usage-empty-state";
import { UsageTotals } from "@/components/usage/usage-totals";
import { usageHref } from "@/components/usage/usage-href";
import type { UsageParams } from "./usage-params";
import { ALL_KEYS, type UsageSubject } from "./select-usage-key";

const PAGE_SIZE = 20;

// A cursor from an old or edited link is not an error page: say so and offer the newest.
async function recentOrStale(load: ReturnType<typeof listRecentRequests>) {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && error.code === "invalid_cursor") return "stale" as const;
    throw error;
  }
}

// Usage of one key, or of all the account's keys together (chosen by the page among the
// account's own keys): the chart and shares over 30 days, then the latest requests.
export async function UsageSection({
  accountId,
  keys,
  usageKey: key,
  params,
  timeZone,
}: {
  accountId: string;
  keys: ApiKeySummary[];
  usageKey: UsageSubject;
  params: UsageParams;
  /** The viewer's zone (Member.timeZone): the chart's days and the log's times are there. */
  timeZone: string;
}) {
  const { statusClass, cursor } = params;
  const [days, recent] = await Promise.all([
    countRequestsPerDay(accountId, key.keyIds, { timeZone }),
    recentOrStale(listRecentRequests(accountId, key.keyIds, { statusClass, limit: PAGE_SIZE, cursor })),
  ]);
  const summary = summarizeUsage(days);
  const neverUsed =
    summary.total === 0 && statusClass === "all" && !cursor && recent !== "stale" && recent.data.length === 0;
  const newestHref = usageHref({ keyId: key.id, statusClass });

  return (
    <div className="space-y-5 p-5 sm:p-6">
      <KeyPicker
        keys={keys.map((k) => ({ id: k.id, name: k.name, prefix: k.prefix, revoked: k.status === "revoked" }))}
        selectedId={key.id}
      />
      {neverUsed ? (
        <UsageEmptyState keyName={key.name} />
      ) : (
        <>
          <UsageTotals summary={summary} />
          <UsageChart days={days} timeZone={timeZone} />
          <div className="overflow-hidden rounded-lg border border-slate-200">
            <div className="flex flex-col gap-2 border-b border-slate-100 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
              <h3 className="text-sm font-semibold text-slate-900">Recent requests</h3>
              <StatusFilter keyId={key.id} current={statusClass} />
            </div>
            {recent === "stale" ? (
              <p role="alert" className="px-4 py-8 text-center text-sm text-slate-600">
                This page of the log is out of date.{" "}
                <Link href={newestHref} className={styles.link}>
                  Show the newest requests
                </Link>
              </p>
            ) : (
              <>
                <RecentRequestsTable
                  entries={recent.data}
                  timeZone={timeZone}
                  keyNames={key.id === ALL_KEYS ? new Map(keys.map((k) => [k.id, k.name])) : undefined}
                  emptyText={
                    statusClass === "all" ? "No requests on this page." : `No ${statusClass} responses in the log.`
                  }
                />
                <NewestOlderPager
                  label="Recent requests pages"
                  olderLabel="Older requests"
                  newestHref={cursor ? newestHref : null}
                  olderHref={
                    recent.meta.hasMore && recent.meta.cursor
                      ? usageHref({ keyId: key.id, statusClass, cursor: recent.meta.cursor })
                      : null
                  }
                />
              </>
            )}
          </div>
        </>
      )}
    </div>
  );
}
