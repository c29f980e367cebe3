import type { z } from "zod";
import { visits } from "@/db/schema";
import { definePublicShape } from "@/lib/query/public-shape";
import { visitSchema } from "@/lib/schemas/visits";

export type PublicVisit = z.output<typeof visitSchema>;

export const toPublicVisit = definePublicShape(visitSchema, visits).fromRow;
