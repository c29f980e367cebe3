import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { tasks, type Task } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";
import { toPublicTask, type PublicTask } from "./public-task";

/** The account's task row, else 404 (also for another account's id). `forUpdate` locks it for the
 * rest of the transaction (a change to it). */
export async function getTaskRowOrThrow(
  db: DbOrTx,
  accountId: string,
  taskId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<Task> {
  const query = db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.accountId, accountId)))
    .limit(1);
  const [task] = opts.forUpdate ? await query.for("update") : await query;
  if (!task) throw notFound("Task");
  return task;
}

/** GET /api/v1/tasks/:id (where POST /tasks's Location points). */
export async function getTaskOrThrow(accountId: string, taskId: string): Promise<PublicTask> {
  return toPublicTask(await getTaskRowOrThrow(await getDb(), accountId, taskId));
}
