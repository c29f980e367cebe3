import type { Option } from "@/lib/accounts/region-options";
import type { TeamMember } from "@/lib/users/list-members";

/** The people a lead or a visit can be given: the active members, plus a deactivated one it already
 * has, marked so, since saving the form with them kept is accepted (only a new assignment must be
 * active: lib/accounts/assert-account-references.ts). */
export function assigneeOptions(members: readonly TeamMember[], current?: string | null): Option[] {
  return members
    .filter((m) => m.active || m.userId === current)
    .map((m) => ({ value: m.userId, label: m.active ? m.name : `${m.name} (deactivated)` }));
}
