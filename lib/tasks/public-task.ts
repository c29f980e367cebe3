import type { z } from "zod";
import { tasks } from "@/db/schema";
import { definePublicShape } from "@/lib/query/public-shape";
import { taskSchema } from "@/lib/schemas/tasks";

export type PublicTask = z.output<typeof taskSchema>;

export const toPublicTask = definePublicShape(taskSchema, tasks).fromRow;
