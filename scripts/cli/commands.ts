import { PLANS, ROLES } from "@/lib/domain/enums";
import { CLI_AUDIT_ACTOR } from "@/lib/audit/audit-actors";
import { UsageError, oneOf, parseFlags } from "./usage";
import { seedBulkCommand } from "./seed-bulk-command";
import { API_KEY_COMMANDS } from "./api-key-commands";
import { SMS_COMMANDS } from "./sms-commands";

type Command = (args: string[]) => Promise<unknown>;
const progress = (message: string) => process.stderr.write(`${message}\n`);

// Each command returns what it prints as JSON on its last line of stdout (undefined: nothing).
// It checks its arguments first and imports the services (and with them the database client)
// after: a usage error then costs the process no more than its start.
export const COMMANDS: Record<string, Command> = {
  "account create": async (args) => {
    const f = parseFlags(args, ["name", "email", "password", "plan"], ["owner-name", "country", "currency"]);
    if (f.country && !/^[A-Za-z]{2}$/.test(f.country))
      throw new UsageError("--country must be an ISO 3166-1 alpha-2 code");
    if (f.currency && !/^[A-Za-z]{3}$/.test(f.currency)) throw new UsageError("--currency must be an ISO 4217 code");
    const plan = oneOf(f.plan, PLANS, "plan");
    const { createAccount } = await import("@/lib/accounts/create-account");
    return createAccount({
      name: f.name,
      ownerName: f["owner-name"],
      email: f.email,
      password: f.password,
      plan,
      country: f.country,
      currency: f.currency,
    });
  },
  "account plan": async (args) => {
    const f = parseFlags(args, ["email", "plan"]);
    const plan = oneOf(f.plan, PLANS, "plan");
    const { getMembershipByEmailOrThrow } = await import("@/lib/users/get-membership-by-email");
    const { setAccountPlan } = await import("@/lib/accounts/set-account-plan");
    const owner = await getMembershipByEmailOrThrow(f.email);
    await setAccountPlan(owner.accountId, plan, undefined, CLI_AUDIT_ACTOR);
    return { accountId: owner.accountId, plan };
  },
  "user create": async (args) => {
    const f = parseFlags(args, ["account-email", "email", "password", "role"], ["name"]);
    const role = oneOf(f.role, ROLES, "role");
    const { getMembershipByEmailOrThrow } = await import("@/lib/users/get-membership-by-email");
    const { addUserToAccount } = await import("@/lib/users/add-user-to-account");
    const owner = await getMembershipByEmailOrThrow(f["account-email"]);
    const { userId } = await addUserToAccount({
      accountId: owner.accountId,
      email: f.email,
      name: f.name ?? f.email.split("@")[0],
      password: f.password,
      role,
      audit: CLI_AUDIT_ACTOR,
    });
    return { accountId: owner.accountId, userId };
  },
  ...API_KEY_COMMANDS,
  ...SMS_COMMANDS,
  "db migrate": async (args) => {
    if (args.length) throw new UsageError("db migrate takes no options");
    const { getDbHandle } = await import("@/db/client");
    const handle = await getDbHandle(); // opening applies the migrations
    progress(`migrations applied (${handle.engine})`);
    return undefined;
  },
  "db seed": async (args) => {
    if (args.length) throw new UsageError("db seed takes no options");
    const { getDb } = await import("@/db/client");
    const { seedDemo } = await import("@/lib/seed/seed-demo");
    const { formatDemoLogins } = await import("@/lib/seed/demo-logins");
    const { created } = await seedDemo(await getDb(), progress);
    progress(created ? formatDemoLogins() : "demo data already present; nothing to do");
    return { seeded: created };
  },
  "db seed-bulk": (args) => seedBulkCommand(args, progress),
};
