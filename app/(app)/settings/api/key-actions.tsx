import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ApiKeySummary } from "@/lib/keys/list-api-keys";
import { revokeApiKeyAction, stopOldSecretAction } from "./actions";
import { EditPermissionsDialog } from "./edit-permissions-dialog";
import { accessDefaultsOf, RESOURCE_CHOICES } from "./permission-choices";
import { RollKeyDialog } from "./roll-key-dialog";

// A key's actions, for every secret of it: a roll's older secrets still in their overlap are the
// same key, so revoking ends them too and a permission edit applies to them too (the services do
// both). The roll dialog stays mounted so the new secret it shows survives the list's refresh.
export function KeyActions({ apiKey: key, previous }: { apiKey: ApiKeySummary; previous: ApiKeySummary[] }) {
  const label = `${key.name} (${key.prefix}…)`;
  const active = key.status === "active";
  const secrets = [key, ...previous].map((k) => `${k.prefix}…`);
  return (
    <div className="flex flex-col items-end gap-1.5">
      <RollKeyDialog keyId={key.id} keyName={key.name} keyPrefix={key.prefix} canRoll={active} />
      {active ? (
        <EditPermissionsDialog
          keyId={key.id}
          keyName={key.name}
          keyPrefix={key.prefix}
          choices={RESOURCE_CHOICES}
          defaults={accessDefaultsOf(key.permissions)}
        />
      ) : null}
      {active || previous.length > 0 ? (
        <ConfirmDialog
          triggerLabel="Revoke"
          triggerAriaLabel={`Revoke ${label}`}
          title={`Revoke “${key.name}”?`}
          description={
            <p>
              Requests with this key are refused from the moment you confirm
              {previous.length > 0 ? (
                <>
                  , with either of its secrets (<code className="font-mono text-xs">{secrets.join(", ")}</code>)
                </>
              ) : null}
              . This cannot be undone; create a new key if you need one.
            </p>
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

// Ends a rolled key's overlap early: the old secret stops, the key works on with its new one.
export function StopOldSecret({ secret }: { secret: ApiKeySummary }) {
  return (
    <span className="ml-2">
      <ConfirmDialog
        triggerLabel="Stop now"
        triggerAriaLabel={`Stop the old secret ${secret.prefix}… now`}
        title={`Stop the old secret of “${secret.name}”?`}
        description={
          <p>
            Requests with <code className="font-mono text-xs">{secret.prefix}…</code> are refused from the moment you
            confirm, instead of at the end of the overlap. The key&apos;s new secret keeps working.
          </p>
        }
        confirmLabel="Stop old secret"
        pendingLabel="Stopping…"
        action={stopOldSecretAction}
        fields={{ keyId: secret.id }}
      />
    </span>
  );
}
