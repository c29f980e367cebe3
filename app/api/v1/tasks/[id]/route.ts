import { apiRoute } from "@/lib/api/handler";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { getApiKeyCreator } from "@/lib/keys/get-api-key-creator";
import { deleteTask } from "@/lib/tasks/delete-task";
import { getTaskOrThrow } from "@/lib/tasks/get-task-or-throw";
import { updateTask } from "@/lib/tasks/update-task";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/v1/tasks/:id – one task (where POST /tasks's Location points)
  GET: apiRoute(operations.getTask, async ({ apiKey, params }) => {
    const task = await getTaskOrThrow(apiKey.accountId, params.id);
    return { body: { data: task }, version: task.version };
  }),

  // PATCH /api/v1/tasks/:id – complete, reopen, reschedule, reassign or edit (task.completed or task.updated)
  PATCH: apiRoute(operations.updateTask, async ({ apiKey, actor, params, body, ifMatch }) => {
    const task = await updateTask(apiKey.accountId, params.id, body, actor, () => getApiKeyCreator(apiKey.id), ifMatch);
    return { body: { data: task }, version: task.version };
  }),

  // DELETE /api/v1/tasks/:id – remove it (writes task.deleted)
  DELETE: apiRoute(operations.deleteTask, async ({ apiKey, actor, params, ifMatch }) => ({
    body: { data: await deleteTask(apiKey.accountId, params.id, actor, ifMatch) },
  })),
});
