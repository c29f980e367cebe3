import { loadMemberRecord } from "@/app/(app)/_shared/load-member-record";
import { getScheduledVisit } from "@/lib/visits/get-scheduled-visit";

// Shared by the layout (404 before streaming) and the page: see load-member-record.ts.
export const loadVisit = loadMemberRecord(getScheduledVisit);
