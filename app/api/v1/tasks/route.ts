import { apiRoute } from "@/lib/api/handler";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { getApiKeyCreator } from "@/lib/keys/get-api-key-creator";
import { createTask } from "@/lib/tasks/create-task";
import { listTasks } from "@/lib/tasks/list-tasks";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/v1/tasks – list tasks (`assignedTo=me`: the key's creator)
  GET: apiRoute(operations.listTasks, async ({ apiKey, query }) => ({
    body: await listTasks(apiKey.accountId, query, () => getApiKeyCreator(apiKey.id)),
  })),

  // POST /api/v1/tasks – create a task (writes task.created)
  POST: apiRoute(operations.createTask, async ({ apiKey, actor, body }) => {
    const task = await createTask(apiKey.accountId, body, actor, () => getApiKeyCreator(apiKey.id));
    return { status: 201, body: { data: task }, location: `/api/v1/tasks/${task.id}` };
  }),
});
