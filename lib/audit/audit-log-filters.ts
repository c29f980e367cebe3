import { dayStart, endOfDay } from "@/lib/query/date-filter";
import { AUDIT_ACTION_NAMES, AUDIT_ACTOR_TYPES, type AuditActorType } from "./audit-actions";
import type { AuditLogFilters } from "./list-audit-entries";

// The audit log's filters in a URL (the page's links and its CSV export read the same ones):
// `actor` is `type:id`, or the type alone for an actor without an id (the CLI); `action` an
// action name; `from` and `to` days in the viewer's zone (Member.timeZone), `to` included, as
// the leads list reads its days. Anything malformed is ignored, as a filter left empty.

export interface AuditLogFilterParams {
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
}

const ACTOR_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function actorParam(actor: { type: AuditActorType; id: string | null }): string {
  return actor.id === null ? actor.type : `${actor.type}:${actor.id}`;
}

function parseActor(value: string | undefined): AuditLogFilters["actor"] {
  if (!value) return undefined;
  const [type, id, ...rest] = value.split(":");
  if (rest.length || !(AUDIT_ACTOR_TYPES as readonly string[]).includes(type)) return undefined;
  if (id !== undefined && !ACTOR_ID.test(id)) return undefined;
  return { type: type as AuditActorType, id: id ?? null };
}

/** The filters, and the params that describe them (to echo into the form and the links). */
export function parseAuditLogFilters(
  params: AuditLogFilterParams,
  timeZone: string,
): {
  filters: AuditLogFilters;
  params: AuditLogFilterParams;
} {
  const actor = parseActor(params.actor);
  // A list, not `in AUDIT_ACTIONS`: "constructor" is `in` every object.
  const action = AUDIT_ACTION_NAMES.find((name) => name === params.action);
  const from = dayStart(params.from, timeZone);
  const to = dayStart(params.to, timeZone);
  return {
    filters: { actor, action, from: from?.toJSDate(), to: to && endOfDay(to) },
    params: {
      actor: actor && actorParam(actor),
      action,
      from: from ? params.from : undefined,
      to: to ? params.to : undefined,
    },
  };
}
