// A lead's, property's or visit's ETag is its version (db/schema/columns.ts), strong: `"3"`. It
// names the record's state, which every write changes and only a write changes, so If-Match can
// compare it exactly (a weak ETag could not be used there at all). GET /leads/{id} also embeds
// recent activities, which come and go without a new version: the ETag is the lead's, not a
// checksum of the bytes, so it is not offered for caching (no If-None-Match).

/** The ETag header's value for a record at `version`. */
export const etagOf = (version: number): string => `"${version}"`;
