import { apiRoute } from "@/lib/api/handler";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { intakeLead } from "@/lib/leads/intake-lead";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/v1/leads/intake – an inquiry: fills the matching lead's empty fields (200) or creates
  // the lead (201), and writes an inquiry activity either way
  POST: apiRoute(operations.intakeLead, async ({ apiKey, actor, body }) => {
    const { lead, matched } = await intakeLead(
      { accountId: apiKey.accountId, defaultCountry: apiKey.defaultCountry },
      body,
      actor,
    );
    if (matched) return { body: { data: lead, matched } };
    return { status: 201, body: { data: lead, matched }, location: `/api/v1/leads/${lead.id}` };
  }),
});
