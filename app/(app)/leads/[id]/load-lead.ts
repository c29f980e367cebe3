import { cache } from "react";
import { requireMember } from "@/lib/auth/get-current-member";
import { getLead } from "@/lib/leads/get-lead";
import { orNotFound } from "@/lib/ui/or-not-found";

// Looked up once per request (React's cache): first by the layout, so that a missing lead is
// a real 404 before anything streams (the page's loading skeleton would commit a 200 first),
// then read again by the page. Another account's id, a deleted lead or a made-up id: the 404
// page (../not-found.tsx), never a hint.
export const loadLead = cache(async (id: string) => {
  const member = await requireMember();
  return { member, lead: await orNotFound(getLead(member.accountId, id)) };
});
