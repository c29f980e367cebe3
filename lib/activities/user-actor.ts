import type { Actor } from "@/lib/activities/record-activity";
import type { Member } from "@/lib/users/get-member";

/** Who the timeline names for a change made in the web UI: the signed-in person. */
export const userActor = (member: Pick<Member, "userId" | "name">): Actor => ({
  type: "user",
  id: member.userId,
  name: member.name,
});
