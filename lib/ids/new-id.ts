import { randomFillSync } from "node:crypto";
import { monotonicFactory } from "ulid";

// Every id in the system comes from here: a type prefix and a ULID (48-bit millisecond time +
// randomness, monotonic within a millisecond), lower-cased. Ids sort by creation time.
const PREFIXES = {
  account: "acc",
  user: "user",
  membership: "mem",
  apiKey: "key",
  lead: "lead",
  property: "prop",
  visit: "visit",
  activity: "act",
  sms: "sms",
  request: "req",
  requestLog: "log",
  event: "evt",
  webhookEndpoint: "whep",
  webhookDelivery: "whd",
  auditEntry: "aud",
  customField: "cfd",
  passwordResetToken: "prt",
  mail: "mail",
  leadImport: "imp",
  userSession: "ses",
  task: "task",
  leadRoutingRule: "lrr",
  bulkLeadAction: "bulk",
  savedLeadView: "view",
  teamInvite: "inv",
} as const;

export type IdKind = keyof typeof PREFIXES;

// ulid's own PRNG asks crypto.getRandomValues for one byte per character: 16 calls per id, and
// every API request makes two ids or more. Under load that was 5 % of the server's CPU
// (`npm run bench`, --cpu-prof). The same CSPRNG, read 4 KiB at a time, costs next to nothing.
// A byte / 256 picks one of ulid's 32 characters uniformly (256 is a multiple of 32).
const POOL_BYTES = 4096;
let pool = new Uint8Array(0);
let next = 0;

function pooledRandom(): number {
  if (next >= pool.length) {
    pool = randomFillSync(new Uint8Array(POOL_BYTES));
    next = 0;
  }
  return pool[next++] / 256;
}

const ulid = monotonicFactory(pooledRandom);

export function newId(kind: IdKind): string {
  return `${PREFIXES[kind]}_${ulid().toLowerCase()}`;
}
