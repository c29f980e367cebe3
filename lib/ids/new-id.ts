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
} as const;

export type IdKind = keyof typeof PREFIXES;
export type IdPrefix = (typeof PREFIXES)[IdKind];

const ulid = monotonicFactory();

export function newId(kind: IdKind): string {
  return `${PREFIXES[kind]}_${ulid().toLowerCase()}`;
}

export function idPrefix(kind: IdKind): IdPrefix {
  return PREFIXES[kind];
}
