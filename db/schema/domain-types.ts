// The types some columns hold whose shape the domain defines (lib/): the json payloads, the
// audit log's actions. The tables must not import lib/ (lib depends on db, not the other way),
// so each owner declares its type here by declaration merging, beside its definition:
//
//   declare module "@/db/schema/domain-types" {
//     interface DomainTypes { eventData: EventData }
//   }
//
// tsc sees every file, so the columns keep their exact types (and the public shapes derived
// from the tables still check column by column). A name no file declares is a compile error.

/** @public Filled by declaration merging (knip sees no import). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface DomainTypes {}

export type DomainType<K extends keyof DomainTypes> = DomainTypes[K];
