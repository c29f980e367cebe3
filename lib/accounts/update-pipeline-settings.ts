import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts } from "@/db/schema";
import { changedFields, recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { assertOwner } from "@/lib/users/assert-owner";
import { pipelineSettingsSchema, type PipelineSettings } from "./pipeline-settings-schema";

// Settings → Pipeline's save: owners only, checked here so no caller can skip it. A switch turned
// off stops its move from the next write on; nothing already moved is moved back. One audit entry
// for the switches that changed, none for a save that changed nothing.
export async function updatePipelineSettings(input: {
  accountId: string;
  actorUserId: string;
  audit: AuditActor;
  settings: PipelineSettings;
}): Promise<PipelineSettings> {
  const db = await getDb();
  await assertOwner(input.accountId, input.actorUserId, db);
  const settings = pipelineSettingsSchema.parse(input.settings);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(accounts).where(eq(accounts.id, input.accountId)).for("update");
    const [account] = await tx.update(accounts).set(settings).where(eq(accounts.id, input.accountId)).returning();
    const changes = changedFields(before, settings);
    if (Object.keys(changes).length)
      await recordAudit(tx, input.accountId, input.audit, {
        action: "account.settings_changed",
        target: { type: "account", id: input.accountId, label: account.name },
        changes,
      });
    return {
      autoMoveOnContact: account.autoMoveOnContact,
      autoMoveOnVisit: account.autoMoveOnVisit,
      offerStatusAfterVisit: account.offerStatusAfterVisit,
    };
  });
}
