import { getPublicPropertyOrThrow } from "@/lib/properties/get-property-or-throw";
import { loadMemberRecord } from "@/app/(app)/_shared/load-member-record";

// Shared by the layout (404 before streaming) and the page: see load-member-record.ts.
export const loadProperty = loadMemberRecord(getPublicPropertyOrThrow);
