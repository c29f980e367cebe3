import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ApiKeySummary } from "@/lib/keys/list-api-keys";
import { revokeApiKeyAction } from "./actions";
import { EditPermissionsDialog } from "./edit-permissions-dialog";
import { accessDefaultsOf, RESOURCE_CHOICES } from "./permission-choices";
import { RollKeyDialog } from "./roll-key-dialog";

// A key row's actions. A key works until revoked or expired; once rolled, only revoking (to
// end the overlap early) is left. The roll dialog stays mounted on a rolled key so the new
// secret it shows survives the list's refresh; each slot keeps its place for the same reason.
export function KeyActions({ apiKey: key }: { apiKey: ApiKeySummary }) {
  const label = `${key.name} (${key.prefix}…)`;
  const active = key.status === "active";
  const rolled = key.replacedBy !== null;
  return (
    <div className="flex flex-col items-end gap-1.5">
      {active || rolled ? (
        <RollKeyDialog keyId={key.id} keyName={key.name} keyPrefix={key.prefix} canRoll={active && !rolled} />
      ) : null}
      {active && !rolled ? (
        <EditPermissionsDialog
          keyId={key.id}
          keyName={key.name}
          keyPrefix={key.prefix}
          choices={RESOURCE_CHOICES}
          defaults={accessDefaultsOf(key.permissions)}
        />
      ) : null}
      {active ? (
        <ConfirmDialog
          triggerLabel="Revoke"
          triggerAriaLabel={`Revoke ${label}`}
          title={`Revoke “${key.name}”?`}
          description={
            rolled ? (
              <p>
                The old secret <code className="font-mono text-xs">{key.prefix}…</code> stops working at once instead of
                at the end of its overlap. The new secret keeps working.
              </p>
            ) : (
              <p>
                Requests with this key are refused from the moment you confirm. This cannot be undone; create a new key
                if you need one.
              </p>
            )
          }
          confirmLabel="Revoke key"
          pendingLabel="Revoking…"
          action={revokeApiKeyAction}
          fields={{ keyId: key.id }}
        />
      ) : null}
    </div>
  );
}
