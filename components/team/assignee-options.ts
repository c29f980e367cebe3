import type { Option } from "@/lib/accounts/region-options";
import type { TeamMember } from "@/lib/users/list-members";

/** A member as lists, cards and selects name them: a deactivated one says so. */
export const memberLabel = (member: Pick<TeamMember, "name" | "active">) =>
  member.active ? member.name : `${member.name} (inactive)`;

/** The people a lead or a visit can be given: the active members, plus an inactive one it already
 * has, since saving the form with them kept is accepted (only a new assignment must be active:
 * lib/accounts/assert-account-references.ts). */
export function assigneeOptions(members: readonly TeamMember[], current?: string | null): Option[] {
  return members
    .filter((m) => m.active || m.userId === current)
    .map((m) => ({ value: m.userId, label: memberLabel(m) }));
}
