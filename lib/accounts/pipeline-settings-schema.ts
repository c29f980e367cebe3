import { z } from "zod";

// A checkbox posts "on" when ticked and nothing when not; services pass booleans.
const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

// Settings → Pipeline: the automatic moves (lib/leads/pipeline-moves.ts), one switch each.
export const pipelineSettingsSchema = z.object({
  autoMoveOnContact: checkbox,
  autoMoveOnVisit: checkbox,
  offerStatusAfterVisit: checkbox,
});

export type PipelineSettings = z.infer<typeof pipelineSettingsSchema>;
