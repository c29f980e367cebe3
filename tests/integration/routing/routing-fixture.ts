import { afterAll, beforeAll, vi } from "vitest";
import { closeDb } from "@/db/client";
import { startWorkers } from "@/lib/jobs/start-workers";
import { notifyLeadAssignedQueue } from "@/lib/jobs/workers/notify-lead-assigned";
import { rerouteSilentLeadQueue } from "@/lib/jobs/workers/reroute-silent-lead";
import { saveRoutingRule } from "@/lib/routing/save-routing-rule";
import { addUserToAccount } from "@/lib/users/add-user-to-account";
import { createTenant, type TestTenant } from "../../helpers/api";

// What the tests of routed leads' follow-ups share: the two queues that follow a routed lead's
// commit (the agent's email, the re-route after silence) worked in this process, polling every
// half second, with mail to the outbox; and a tenant whose default rule is a round robin.

/** Starts the email and re-route workers for the file's tests; closes the database after them. */
export function startRoutingWorkers(): void {
  beforeAll(async () => {
    vi.stubEnv("JOBS_POLLING_INTERVAL_SECONDS", "0.5");
    vi.stubEnv("SMTP_URL", "");
    await startWorkers([notifyLeadAssignedQueue, rerouteSilentLeadQueue]);
  }, 60_000);
  afterAll(async () => {
    vi.unstubAllEnvs();
    await closeDb();
  });
}

export interface RoundRobinAgent {
  id: string;
  email: string;
}

/** A new tenant with agents Ann and Bob, and a default rule taking them in turn. */
export async function tenantWithRoundRobin(
  emailDomain: string,
  rule: { name?: string; rerouteAfterMinutes?: number | null } = {},
): Promise<{ t: TestTenant; agents: RoundRobinAgent[]; ruleId: string }> {
  const t = await createTenant();
  const agents: RoundRobinAgent[] = [];
  for (const name of ["Ann", "Bob"]) {
    const email = `${name.toLowerCase()}-${t.accountId}@${emailDomain}`;
    const { userId } = await addUserToAccount({
      accountId: t.accountId,
      email,
      name,
      password: "pw-123456789",
      role: "staff",
    });
    agents.push({ id: userId, email });
  }
  const saved = await saveRoutingRule(
    { accountId: t.accountId, isDefault: true },
    {
      name: rule.name ?? "Everyone",
      agentIds: agents.map((a) => a.id),
      rerouteAfterMinutes: rule.rerouteAfterMinutes ?? null,
    },
  );
  return { t, agents, ruleId: saved.id };
}
