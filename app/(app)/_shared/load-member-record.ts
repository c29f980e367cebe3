import { cache } from "react";
import { requireMember } from "@/lib/auth/get-current-member";
import { orNotFound } from "./or-not-found";

/**
 * A detail page's record, looked up once per request (React's cache): first by the page's
 * layout, so that a missing record is a real 404 before anything streams (the page's loading
 * skeleton would commit a 200 first), then read again by the page. Another account's id, a
 * deleted record or a made-up id: the 404 page, never a hint.
 */
export function loadMemberRecord<T>(lookup: (accountId: string, id: string) => Promise<T>) {
  return cache(async (id: string) => {
    const member = await requireMember();
    return { member, record: await orNotFound(lookup(member.accountId, id)) };
  });
}
