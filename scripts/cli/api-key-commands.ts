import { CLI_AUDIT_ACTOR } from "@/lib/audit/audit-actors";
import type { CreatedApiKey } from "@/lib/keys/create-api-key";
import { expiresInDaysFlag, nameFlag, overlapHoursFlag, permissionsFlag } from "./api-key-flags";
import { UsageError, parseFlags } from "./usage";

type Command = (args: string[]) => Promise<unknown>;

const HOUR_MS = 3_600_000;

/** A new key as the commands print it; the plaintext appears here only. */
const printed = (key: CreatedApiKey) => ({
  id: key.id,
  key: key.key,
  prefix: key.prefix,
  permissions: key.permissions,
  expiresAt: key.expiresAt,
});

/** `api-key revoke KEY_ID`, `api-key roll KEY_ID --overlap-hours H`: the id comes first. */
function keyIdAndRest(args: string[], usage: string): [string, string[]] {
  const [keyId, ...rest] = args;
  if (!keyId || keyId.startsWith("-")) throw new UsageError(usage);
  return [keyId, rest];
}

// An operator's key commands: no account scope and no plan check (the operator runs the
// installation), audited with the CLI as the actor. Each imports its services once its
// arguments have passed (commands.ts).
export const API_KEY_COMMANDS: Record<string, Command> = {
  "api-key create": async (args) => {
    const f = parseFlags(args, ["email", "name"], ["permissions", "expires-in-days"]);
    const name = nameFlag(f.name);
    const permissions = f.permissions === undefined ? null : permissionsFlag(f.permissions);
    const expiresAt = f["expires-in-days"] === undefined ? null : expiresInDaysFlag(f["expires-in-days"]);
    const { getMembershipByEmailOrThrow } = await import("@/lib/users/get-membership-by-email");
    const { createApiKey } = await import("@/lib/keys/create-api-key");
    const owner = await getMembershipByEmailOrThrow(f.email);
    const created = await createApiKey({
      accountId: owner.accountId,
      name,
      createdBy: owner.userId,
      permissions,
      expiresAt,
      audit: CLI_AUDIT_ACTOR,
    });
    return printed(created);
  },
  "api-key list": async (args) => {
    const f = parseFlags(args, ["email"]);
    const { getMembershipByEmailOrThrow } = await import("@/lib/users/get-membership-by-email");
    const { listApiKeys } = await import("@/lib/keys/list-api-keys");
    const owner = await getMembershipByEmailOrThrow(f.email);
    return listApiKeys(owner.accountId);
  },
  "api-key revoke": async (args) => {
    const [keyId, rest] = keyIdAndRest(args, "api-key revoke takes one KEY_ID");
    if (rest.length) throw new UsageError("api-key revoke takes one KEY_ID");
    const { revokeApiKey } = await import("@/lib/keys/revoke-api-key");
    const { revokedAt } = await revokeApiKey(keyId, null, CLI_AUDIT_ACTOR);
    return { id: keyId, revokedAt };
  },
  "api-key roll": async (args) => {
    const [keyId, rest] = keyIdAndRest(args, "api-key roll takes one KEY_ID, then --overlap-hours H");
    const hours = overlapHoursFlag(parseFlags(rest, ["overlap-hours"])["overlap-hours"]);
    const { rollApiKey } = await import("@/lib/keys/roll-api-key");
    const rolled = await rollApiKey({
      keyId,
      accountId: null,
      overlapMs: hours * HOUR_MS,
      createdBy: null,
      audit: CLI_AUDIT_ACTOR,
    });
    return { ...printed(rolled), previous: rolled.previous };
  },
};
