import type { ApiKeySummary } from "@/lib/keys/list-api-keys";
import { formatDateTime } from "@/lib/ui/format-date";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable } from "@/components/ui/data-table";
import { styles } from "@/components/ui/styles";
import { revokeApiKeyAction } from "./actions";

function StatusBadge({ status }: { status: ApiKeySummary["status"] }) {
  return status === "active" ? (
    <span className="inline-flex rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200">
      Active
    </span>
  ) : (
    <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 ring-1 ring-slate-200">
      Revoked
    </span>
  );
}

export function ApiKeysTable({ keys }: { keys: ApiKeySummary[] }) {
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
        { label: "Prefix" },
        { label: "Created by" },
        { label: "Created" },
        { label: "Last used" },
        { label: "Status" },
        { label: "Actions", srOnly: true },
      ]}
    >
      {keys.map((key) => (
        <tr key={key.id} data-testid="api-key-row">
          <td className={`${styles.td} font-medium text-slate-900`}>{key.name}</td>
          <td className={styles.td}>
            <code className="whitespace-nowrap font-mono text-xs text-slate-700">{key.prefix}…</code>
          </td>
          <td className={styles.td}>{key.createdBy ?? <span className="text-slate-500">Former member</span>}</td>
          <td className={`${styles.td} whitespace-nowrap`}>
            <time dateTime={key.createdAt.toISOString()}>{formatDateTime(key.createdAt)}</time>
          </td>
          <td className={`${styles.td} whitespace-nowrap`}>
            {key.lastUsedAt ? (
              <time dateTime={key.lastUsedAt.toISOString()}>{formatDateTime(key.lastUsedAt)}</time>
            ) : (
              <span className="text-slate-500">Never</span>
            )}
          </td>
          <td className={styles.td}>
            <StatusBadge status={key.status} />
          </td>
          <td className={`${styles.td} text-right`}>
            {key.status === "active" ? (
              <ConfirmDialog
                triggerLabel="Revoke"
                triggerAriaLabel={`Revoke ${key.name}`}
                title={`Revoke “${key.name}”?`}
                description={
                  <p>
                    Requests with this key are refused from the moment you confirm. This cannot be undone; create a new
                    key if you need one.
                  </p>
                }
                confirmLabel="Revoke key"
                pendingLabel="Revoking…"
                action={revokeApiKeyAction}
                fields={{ keyId: key.id }}
              />
            ) : null}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
