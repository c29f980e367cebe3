import { exampleActivity, exampleList } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { activityListQuery, activitySchema } from "@/lib/schemas/activities";

export const listActivities = {
  operationId: "listActivities",
  method: "get",
  path: "/api/v1/activities",
  tag: "Activities",
  permission: { activities: "read" },
  summary: "List activities",
  description:
    "The activity feed of your account (read-only): every change made through the API or the web UI writes one, in the same transaction as the change. A soft-deleted lead's activities stay listed, its `lead_deleted` included, while the lead itself answers 404. Sorted by `createdAt` only; `createdAfter` is exclusive. Page with `limit` and `cursor` until `meta.hasMore` is false; poll with `sort=createdAt` and the last cursor to follow new activity.",
  query: activityListQuery,
  list: true,
  response: {
    status: 200,
    description: "A page of activities.",
    schema: activitySchema,
    example: exampleList(exampleActivity),
  },
} satisfies OperationSpec;
