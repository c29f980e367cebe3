import { parseArgs, type ParseArgsConfig } from "node:util";

export const USAGE = `Usage: npm run cli -- <command> [options]

  account create --name N --email E --password P --plan agency|professional|starter
                 [--owner-name NAME] [--country US] [--currency USD]
  account plan   --email OWNER_EMAIL --plan agency|professional|starter
  account sms-number --email OWNER_EMAIL --number +14155550100|none
                 (the account's own number on the installation's Twilio account: texts go from it
                 and messages to it are this account's; none: back to the shared number)
  user create    --account-email OWNER_EMAIL --email E --password P --role staff|owner [--name NAME]
  api-key create --email OWNER_EMAIL --name N [--permissions leads:read,properties:write,…]
                 [--expires-in-days N]
                 (permissions omitted: full access, printed as null; resources: leads, properties,
                 visits, activities, sms, events, webhook_endpoints; levels: none, read, write)
  api-key list   --email OWNER_EMAIL
  api-key roll   KEY_ID --overlap-hours H
                 (a new secret with the key's name, permissions and expiry; the old one keeps
                 working H hours, 0 to 720)
  api-key revoke KEY_ID
  sms receive    --account-email OWNER_EMAIL --from PHONE --body TEXT
                 (log provider only: a lead's SMS to the account, as Twilio's inbound webhook
                 delivers it; STOP, START and HELP act as they would)
  db migrate
  db seed
  db seed-bulk   --email OWNER_EMAIL --leads 1000000 --keys 1000 --keys-out FILE [--batch 50000]
                 (benchmark data: an Agency account topped up to N leads, K new keys in FILE;
                 local databases only)

Uses DATABASE_URL when set, else the embedded database under ./.data/ (stop the app first).`;

export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Parses flags; every listed flag is a required string unless named in `optional`. */
export function parseFlags<K extends string>(
  args: string[],
  required: readonly K[],
  optional: readonly string[] = [],
): Record<K, string> & Record<string, string | undefined> {
  const options: Options = {};
  for (const name of [...required, ...optional]) options[name] = { type: "string" };
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ args, options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  for (const name of required) {
    if (typeof values[name] !== "string" || values[name] === "") throw new UsageError(`missing --${name}`);
  }
  return values as Record<K, string> & Record<string, string | undefined>;
}

export function oneOf<T extends string>(value: string, allowed: readonly T[], flag: string): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`--${flag} must be one of ${allowed.join(", ")}`);
  }
  return value as T;
}
