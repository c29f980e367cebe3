import Link from "next/link";
import { NewestOlderPager } from "@/components/ui/newest-older-pager";
import { styles } from "@/components/ui/styles";
import { loadListPage } from "@/app/(app)/_shared/load-list-page";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { DeliveriesTable } from "./deliveries-table";
import { deliveryLogHref } from "./delivery-log-href";
import { RefreshControls } from "./refresh-controls";

const PAGE_SIZE = 20;

interface DeliveryLogParams {
  failed: boolean;
  cursor?: string;
}

// The endpoint's delivery log, newest first: every attempt (retries and resends too), or only
// the failures. Cursors only go forward ("Older"); "Newest" goes back to the top.
export async function DeliveryLog({
  accountId,
  endpointId,
  params,
  timeZone,
}: {
  accountId: string;
  endpointId: string;
  params: DeliveryLogParams;
  timeZone: string;
}) {
  const { failed, cursor } = params;
  const page = await loadListPage(listDeliveries(accountId, endpointId, { limit: PAGE_SIZE, cursor, failed }));
  const newestHref = deliveryLogHref(endpointId, { failed });
  return (
    <>
      <div className="flex flex-col gap-2 border-b border-slate-100 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <DeliveryFilter endpointId={endpointId} failed={failed} />
        <RefreshControls poll={!cursor} />
      </div>
      {page === "invalid_cursor" ? (
        <p role="alert" className="px-4 py-8 text-center text-sm text-slate-600">
          This page of the log is out of date.{" "}
          <Link href={newestHref} className={styles.link}>
            Show the newest deliveries
          </Link>
        </p>
      ) : (
        <>
          <DeliveriesTable
            deliveries={page.data}
            timeZone={timeZone}
            emptyText={
              failed
                ? "No failed deliveries in the log."
                : "No deliveries yet. Send a test event to see one here; the log keeps 30 days."
            }
          />
          <NewestOlderPager
            label="Delivery log pages"
            newestHref={cursor ? newestHref : null}
            olderHref={
              page.meta.hasMore && page.meta.cursor
                ? deliveryLogHref(endpointId, { failed, cursor: page.meta.cursor })
                : null
            }
          />
        </>
      )}
    </>
  );
}

// Links, like the usage log's status filter: a shareable URL, and a cursor is bound to its filter,
// so switching starts at the newest delivery.
function DeliveryFilter({ endpointId, failed }: { endpointId: string; failed: boolean }) {
  const options = [
    { label: "All deliveries", failed: false },
    { label: "Failures only", failed: true },
  ];
  return (
    <nav aria-label="Filter deliveries" className="flex flex-wrap gap-1">
      {options.map((option) => {
        const active = option.failed === failed;
        return (
          <Link
            key={option.label}
            href={deliveryLogHref(endpointId, { failed: option.failed })}
            aria-current={active ? "true" : undefined}
            scroll={false}
            className={`rounded-full px-3 py-1 text-sm font-medium ${styles.focusRing} ${active ? "bg-indigo-600 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"}`}
          >
            {option.label}
          </Link>
        );
      })}
    </nav>
  );
}
