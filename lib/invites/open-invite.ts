import { and, isNull } from "drizzle-orm";
import { teamInvites } from "@/db/schema";

/** Not accepted and not revoked: listed on the team page (expired or not), counted by the cap. */
export const openInvite = and(isNull(teamInvites.acceptedAt), isNull(teamInvites.revokedAt));
