import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import { styles } from "@/components/ui/styles";
import type { ApiKeySummary } from "@/lib/keys/list-api-keys";
import { describePermissions, presetOf, PRESET_LABELS } from "@/lib/keys/permissions";
import { formatInZone } from "@/components/ui/format-date";
import { KeyActions, StopOldSecret } from "./key-actions";
import { keyLifetime } from "./key-lifetime";
import { groupKeyRolls } from "./key-rolls";

const STATUS = {
  active: { label: "Active", tone: "emerald" },
  expired: { label: "Expired", tone: "amber" },
  revoked: { label: "Revoked", tone: "slate" },
} as const;

function When({ at, timeZone }: { at: Date; timeZone: string }) {
  return <time dateTime={at.toISOString()}>{formatInZone(at, timeZone, "stamp")}</time>;
}

function Permissions({ apiKey: key }: { apiKey: ApiKeySummary }) {
  const preset = presetOf(key.permissions);
  return (
    <>
      <span className="font-medium text-slate-900">{PRESET_LABELS[preset]}</span>
      {preset === "custom" ? (
        <span className="block font-mono text-xs text-slate-600">{describePermissions(key.permissions)}</span>
      ) : null}
    </>
  );
}

function Lifetime({ apiKey: key, timeZone }: { apiKey: ApiKeySummary; timeZone: string }) {
  const { text, at } = keyLifetime(key);
  return (
    <>
      <span>{text}</span>
      {at ? (
        <span className="block text-xs text-slate-500">
          <When at={at} timeZone={timeZone} />
        </span>
      ) : null}
    </>
  );
}

// A rolled key's older secret, in its overlap: the same key, so it sits in the key's row.
function OldSecret({ secret, timeZone }: { secret: ApiKeySummary; timeZone: string }) {
  return (
    <span data-testid="api-key-old-secret" className="mt-1 block text-xs text-amber-900">
      Old secret <code className="font-mono">{secret.prefix}…</code> works until{" "}
      {secret.expiresAt ? <When at={secret.expiresAt} timeZone={timeZone} /> : "revoked"}
      <StopOldSecret secret={secret} />
    </span>
  );
}

// Times in the owner's zone (Member.timeZone), named.
export function ApiKeysTable({ keys, timeZone }: { keys: ApiKeySummary[]; timeZone: string }) {
  if (keys.length === 0) {
    return (
      <div className="px-4 py-10 text-center">
        <p className="font-medium text-slate-900">No API keys yet</p>
        <p className="mt-1 text-sm text-slate-600">
          Create a key for each integration, so you can revoke one without breaking the others.
        </p>
      </div>
    );
  }
  return (
    <DataTable
      label="API keys"
      columns={[
        { label: "Name" },
        { label: "Permissions" },
        { label: "Expires" },
        { label: "Created · last used" },
        { label: "Status" },
        { label: "Actions", srOnly: true },
      ]}
    >
      {groupKeyRolls(keys).map(({ key, previous, rootId }) => (
        <tr key={rootId} data-testid="api-key-row" data-key-id={key.id}>
          <td className={styles.td}>
            <span className="font-medium text-slate-900">{key.name}</span>
            <code className="block whitespace-nowrap font-mono text-xs text-slate-600">{key.prefix}…</code>
            {previous.map((secret) => (
              <OldSecret key={secret.id} secret={secret} timeZone={timeZone} />
            ))}
          </td>
          <td className={`${styles.td} min-w-36`}>
            <Permissions apiKey={key} />
          </td>
          <td className={`${styles.td} min-w-40`}>
            <Lifetime apiKey={key} timeZone={timeZone} />
          </td>
          {/* One column for both, so the row's actions fit beside it at laptop widths. */}
          <td className={`${styles.td} whitespace-nowrap`}>
            {key.createdBy ?? <span className="text-slate-500">Former member</span>}
            <span className="block text-xs text-slate-500">
              <When at={key.createdAt} timeZone={timeZone} />
            </span>
            <span className="block text-xs text-slate-500">
              Last used {key.lastUsedAt ? <When at={key.lastUsedAt} timeZone={timeZone} /> : "never"}
            </span>
          </td>
          <td className={styles.td}>
            <Badge tone={STATUS[key.status].tone}>{STATUS[key.status].label}</Badge>
          </td>
          <td className={`${styles.td} whitespace-nowrap text-right`}>
            <KeyActions apiKey={key} previous={previous} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
