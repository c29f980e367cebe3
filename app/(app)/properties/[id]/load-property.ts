import { cache } from "react";
import { requireMember } from "@/lib/auth/get-current-member";
import { getProperty } from "@/lib/properties/get-property";
import { orNotFound } from "@/lib/ui/or-not-found";

// Looked up once per request (React's cache): first by the layout, so that a missing property is
// a real 404 before anything streams (the page's loading skeleton would commit a 200 first),
// then read again by the page. Another account's id, a deleted or a made-up id: the 404
// page (../not-found.tsx), never a hint.
export const loadProperty = cache(async (id: string) => {
  const member = await requireMember();
  return { member, property: await orNotFound(getProperty(member.accountId, id)) };
});
