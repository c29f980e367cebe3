import { getCurrentMember } from "@/lib/auth/get-current-member";

// The outbox is open signed out (a reset link is read before anyone can sign in): times are in
// the signed-in viewer's zone when there is one, else in UTC, named either way.
export async function viewerZone(): Promise<string> {
  return (await getCurrentMember())?.timeZone ?? "UTC";
}
