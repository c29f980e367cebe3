import { Badge } from "@/components/ui/badge";
import { DetailRow } from "@/components/ui/detail-row";
import {
  PRESET_LABELS,
  describePermissions,
  missingPermission,
  presetOf,
  requiredPermissionName,
} from "@/lib/keys/permissions";
import type { RequestLogDetails } from "@/lib/request-logs/get-request-log-entry";
import { requiredPermissionOf } from "./required-permission-of";

// What the route needs and what the key holds today, side by side: after a 403
// insufficient_permissions, an owner sees at once whether changing the key has fixed it. The log
// does not keep the key's permissions at the time, so the access shown is the current one.
export function RequestPermissions({ entry }: { entry: RequestLogDetails }) {
  const required = requiredPermissionOf(entry.method, entry.path);
  const { permissions } = entry.key;
  const preset = presetOf(permissions);
  return (
    <dl className="divide-y divide-slate-100 border-t border-slate-100" data-testid="request-permissions">
      <DetailRow term="Permission needed">
        {required ? (
          <code className="font-mono text-sm">{requiredPermissionName(required)}</code>
        ) : (
          <span className="text-slate-500">Not a documented operation</span>
        )}
      </DetailRow>
      <DetailRow term="Key's access now">
        <span className="flex flex-wrap items-center gap-2">
          {PRESET_LABELS[preset]}
          {preset === "custom" ? (
            <code className="font-mono text-xs text-slate-600">{describePermissions(permissions)}</code>
          ) : null}
          {required ? (
            missingPermission(permissions, required) ? (
              <Badge tone="amber">Lacks it</Badge>
            ) : (
              <Badge tone="emerald">Has it</Badge>
            )
          ) : null}
        </span>
      </DetailRow>
    </dl>
  );
}
