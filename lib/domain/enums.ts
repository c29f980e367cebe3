// Every closed set of values in the product is defined once, in db/enums.ts: the database's enum
// types need them and db/ imports nothing from lib/. The domain reads them here.
export * from "@/db/enums";
