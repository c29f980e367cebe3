"use server";

import { formAction } from "@/app/_forms/form-action";
import { pipelineSettingsSchema } from "@/lib/accounts/pipeline-settings-schema";
import { updatePipelineSettings } from "@/lib/accounts/update-pipeline-settings";

// Settings → Pipeline: the automatic moves. Owners only (and the service checks again). The lead
// pages read the switches, so they are refreshed with the settings page.
export const updatePipelineAction = formAction(
  { schema: pipelineSettingsSchema, role: "owner", revalidate: ["/settings", "/leads"] },
  async ({ member, input, audit }) => {
    await updatePipelineSettings({ accountId: member.accountId, actorUserId: member.userId, audit, settings: input });
    return { status: "success", message: "Pipeline settings saved." };
  },
);
