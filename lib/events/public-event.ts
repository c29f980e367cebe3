import { events } from "@/db/schema";
import { definePublicShape } from "@/lib/query/public-shape";
import { eventSchema } from "@/lib/schemas/events";

// `actor` gathers the three actor columns; every other field is its column.
const publicEvent = definePublicShape(eventSchema, events, {
  actor: { type: "actorType", id: "actorId", name: "actorName" },
});

/** The event's public JSON, written by PostgreSQL (the GET /events page). */
export const publicEventJsonOf = publicEvent.jsonOf;
