import { formatInZone } from "@/components/ui/format-date";
import { ActionButton } from "@/components/ui/action-button";
import { Badge } from "@/components/ui/badge";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable } from "@/components/ui/data-table";
import { styles } from "@/components/ui/styles";
import type { OpenInvite } from "@/lib/invites/list-open-invites";
import { resendInviteAction, revokeInviteAction } from "./actions";

// Settings → Team's invites not yet accepted. An expired one stays, marked, until it is resent
// (a new link for a new week) or revoked.
export function PendingInvites({ invites, timeZone }: { invites: OpenInvite[]; timeZone: string }) {
  const now = new Date();
  return (
    <section aria-labelledby="invites-title" className={`${styles.card} overflow-hidden`}>
      <div className="border-b border-slate-100 px-4 py-3">
        <h2 id="invites-title" className="text-base font-semibold text-slate-900">
          Pending invites <span className="font-normal text-slate-500">{invites.length}</span>
        </h2>
      </div>
      <DataTable
        label="Pending invites"
        columns={[
          { label: "Email" },
          { label: "Role" },
          { label: "Status" },
          { label: "Last sent" },
          { label: "Actions", srOnly: true },
        ]}
      >
        {invites.map((invite) => {
          const expired = invite.expiresAt <= now;
          return (
            <tr key={invite.id}>
              <td className={`${styles.td} font-medium break-all text-slate-900`}>{invite.email}</td>
              <td className={styles.td}>{invite.role === "owner" ? "Owner" : "Staff"}</td>
              <td className={styles.td}>
                {expired ? (
                  <Badge tone="red">Expired</Badge>
                ) : (
                  <span className="whitespace-nowrap">
                    <Badge tone="amber">Pending</Badge>{" "}
                    <span className="text-xs text-slate-500">
                      until {formatInZone(invite.expiresAt, timeZone, "date")}
                    </span>
                  </span>
                )}
              </td>
              <td className={styles.td}>
                <time dateTime={invite.lastSentAt.toISOString()}>
                  {formatInZone(invite.lastSentAt, timeZone, "date")}
                </time>
                {invite.invitedBy ? <span className="block text-xs text-slate-500">by {invite.invitedBy}</span> : null}
              </td>
              <td className={`${styles.td} space-x-3 whitespace-nowrap text-right`}>
                <ActionButton
                  label="Resend"
                  pendingLabel="Sending…"
                  ariaLabel={`Resend the invite to ${invite.email}`}
                  action={resendInviteAction}
                  fields={{ inviteId: invite.id }}
                  variant="small"
                />
                <ConfirmDialog
                  triggerLabel="Revoke"
                  triggerAriaLabel={`Revoke the invite to ${invite.email}`}
                  title={`Revoke the invite to ${invite.email}?`}
                  description={<p>The link in their email stops working at once. You can invite them again later.</p>}
                  confirmLabel="Revoke invite"
                  pendingLabel="Revoking…"
                  action={revokeInviteAction}
                  fields={{ inviteId: invite.id }}
                />
              </td>
            </tr>
          );
        })}
      </DataTable>
    </section>
  );
}
