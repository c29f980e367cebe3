import { forbidden } from "next/navigation";
import type { Metadata } from "next";
import { requireMember } from "@/lib/auth/get-current-member";
import { INVITE_TTL_DAYS } from "@/lib/invites/invite-rules";
import { listOpenInvites } from "@/lib/invites/list-open-invites";
import { listMembers } from "@/lib/users/list-members";
import { formatInZone } from "@/components/ui/format-date";
import { ActionButton } from "@/components/ui/action-button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageHeader } from "@/components/ui/page-header";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import { styles } from "@/components/ui/styles";
import { changeRoleAction, removeMemberAction, setMemberActiveAction } from "./actions";
import { InviteForm } from "./invite-form";
import { PendingInvites } from "./pending-invites";

export const metadata: Metadata = { title: "Team" };

export default async function TeamPage() {
  const member = await requireMember();
  if (member.role !== "owner") forbidden();
  const [members, invites] = await Promise.all([listMembers(member.accountId), listOpenInvites(member.accountId)]);
  // Active owners: the last one is never removed, demoted or deactivated.
  const owners = members.filter((m) => m.role === "owner" && m.active).length;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Team"
        description="Everyone who signs in to this account. Staff work leads, properties and visits; only owners open settings. A deactivated member cannot sign in or be assigned, and keeps their history."
      />

      <section aria-labelledby="members-title" className={`${styles.card} overflow-hidden`}>
        <h2 id="members-title" className="sr-only">
          Members
        </h2>
        <DataTable
          columns={[
            { label: "Name" },
            { label: "Email" },
            { label: "Role" },
            { label: "Added" },
            { label: "Actions", srOnly: true },
          ]}
        >
          {members.map((m) => {
            const isSelf = m.userId === member.userId;
            const lastOwner = m.role === "owner" && m.active && owners <= 1;
            const removable = !isSelf && !lastOwner;
            return (
              <tr key={m.userId}>
                <td className={`${styles.td} font-medium text-slate-900`}>
                  {m.name}
                  {isSelf ? <span className="ml-2 text-xs font-normal text-slate-500">(you)</span> : null}
                </td>
                <td className={styles.td}>{m.email}</td>
                <td className={`${styles.td} space-x-2`}>
                  <span>{m.role === "owner" ? "Owner" : "Staff"}</span>
                  {m.active ? null : <Badge tone="slate">Inactive</Badge>}
                </td>
                <td className={styles.td}>
                  <time dateTime={m.joinedAt.toISOString()}>{formatInZone(m.joinedAt, member.timeZone, "date")}</time>
                </td>
                <td className={`${styles.td} space-x-3 whitespace-nowrap text-right`}>
                  {/* Not on one's own row: an owner making themselves staff would lose this page at once. */}
                  {isSelf ? null : (
                    <ActionButton
                      label={m.role === "owner" ? "Make staff" : "Make owner"}
                      pendingLabel="Saving…"
                      ariaLabel={m.role === "owner" ? `Make ${m.name} staff` : `Make ${m.name} an owner`}
                      action={changeRoleAction}
                      fields={{ userId: m.userId, role: m.role === "owner" ? "staff" : "owner" }}
                      variant="small"
                    />
                  )}
                  {isSelf || lastOwner ? null : m.active ? (
                    <ConfirmDialog
                      triggerLabel="Deactivate"
                      triggerAriaLabel={`Deactivate ${m.name}`}
                      title={`Deactivate ${m.name}?`}
                      description={
                        <p>
                          {m.name} will be signed out and cannot sign in until reactivated. New leads and visits cannot
                          be assigned to them; what they have stays theirs.
                        </p>
                      }
                      confirmLabel="Deactivate"
                      pendingLabel="Deactivating…"
                      action={setMemberActiveAction}
                      fields={{ userId: m.userId, active: "false" }}
                    />
                  ) : (
                    <ActionButton
                      label="Reactivate"
                      pendingLabel="Saving…"
                      ariaLabel={`Reactivate ${m.name}`}
                      action={setMemberActiveAction}
                      fields={{ userId: m.userId, active: "true" }}
                      variant="small"
                    />
                  )}
                  {removable ? (
                    <ConfirmDialog
                      triggerLabel="Remove"
                      triggerAriaLabel={`Remove ${m.name}`}
                      title={`Remove ${m.name}?`}
                      description={
                        <p>
                          {m.name} will be signed out and can no longer sign in. Their leads and visits stay in the
                          account, unassigned.
                        </p>
                      }
                      confirmLabel="Remove from team"
                      pendingLabel="Removing…"
                      action={removeMemberAction}
                      fields={{ userId: m.userId }}
                    />
                  ) : null}
                </td>
              </tr>
            );
          })}
        </DataTable>
        {members.length === 1 ? (
          <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-600">
            It&apos;s just you so far. Invite your team below so they can work your leads.
          </p>
        ) : null}
      </section>

      {invites.length > 0 ? <PendingInvites invites={invites} timeZone={member.timeZone} /> : null}

      <section aria-labelledby="invite-title" className={`${styles.card} space-y-4 p-5 sm:p-6`}>
        <div className="space-y-1">
          <h2 id="invite-title" className="text-base font-semibold text-slate-900">
            Invite a teammate
          </h2>
          <p className="text-sm text-slate-600">
            They get an email with a link to choose their own name and password. The link works once, for{" "}
            {INVITE_TTL_DAYS} days.
          </p>
        </div>
        <InviteForm />
      </section>
    </div>
  );
}
