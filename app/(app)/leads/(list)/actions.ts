"use server";

import { z } from "zod";
import { formAction } from "@/app/_forms/form-action";
import { jsonAction } from "@/app/_forms/json-action";
import { bulkActionInput, bulkSelectionOf } from "@/app/(app)/leads/_forms/bulk-action-form";
import { toBulkProgress } from "@/lib/bulk-actions/bulk-progress";
import { getBulkLeadActionOrThrow } from "@/lib/bulk-actions/get-bulk-lead-action";
import { startBulkLeadAction } from "@/lib/bulk-actions/start-bulk-lead-action";
import { readLeadListParams } from "@/lib/leads/lead-list-params";
import { bulkLeadActionSchema } from "@/lib/schemas/bulk-lead-actions";
import {
  deleteLeadView,
  renameLeadView,
  saveLeadView,
  savedViewNameSchema,
} from "@/lib/saved-lead-views/saved-lead-views";

// The leads list's own actions: a bulk action and its progress, and the member's saved views.

// Apply an action to the ticked leads or to all matching: one background job; the bar polls it.
export const startBulkActionAction = formAction(
  { schema: bulkLeadActionSchema, input: bulkActionInput },
  async ({ member, input, formData }) => {
    const id = await startBulkLeadAction(member, input, bulkSelectionOf(formData, member));
    const progress = toBulkProgress(await getBulkLeadActionOrThrow(member.accountId, member.userId, id));
    return { status: "success" as const, bulkActionId: id, progress };
  },
);

// The bar's poll while a job runs: the member's own action only.
export const bulkActionProgressAction = jsonAction(
  { schema: z.strictObject({ id: z.string().min(1).max(100) }), revalidate: [] },
  async ({ member, input }) =>
    toBulkProgress(await getBulkLeadActionOrThrow(member.accountId, member.userId, input.id)),
);

const owner = (member: { accountId: string; userId: string }) => ({
  accountId: member.accountId,
  userId: member.userId,
});

// "Save view": the list's current filters (its query string) under a name.
export const saveViewAction = formAction(
  {
    schema: z.object({ name: savedViewNameSchema, listQuery: z.string().max(4000).default("") }),
    revalidate: ["/leads"],
  },
  async ({ member, input }) => {
    const { url } = readLeadListParams(Object.fromEntries(new URLSearchParams(input.listQuery)), member);
    const params = Object.fromEntries(Object.entries(url).filter((entry): entry is [string, string] => !!entry[1]));
    const view = await saveLeadView(owner(member), input.name, params);
    return { status: "success" as const, message: `Saved “${view.name}”.` };
  },
);

export const renameViewAction = formAction(
  { schema: z.object({ viewId: z.string().min(1).max(100), name: savedViewNameSchema }), revalidate: ["/leads"] },
  async ({ member, input }) => {
    const view = await renameLeadView(owner(member), input.viewId, input.name);
    return { status: "success" as const, message: `Renamed to “${view.name}”.` };
  },
);

export const deleteViewAction = formAction(
  { schema: z.object({ viewId: z.string().min(1).max(100) }), revalidate: ["/leads"] },
  async ({ member, input }) => {
    await deleteLeadView(owner(member), input.viewId);
    return { status: "success" as const, message: "View deleted." };
  },
);
