// The guide's "Concurrent edits: \`ETag\` and \`If-Match\`" (lib/openapi/api-guide.ts puts the sections in order).

export const concurrentEditsSection = `
## Concurrent edits: \`ETag\` and \`If-Match\`

A lead, property, visit or task answers \`GET\` and \`PATCH\` with \`ETag: "<version>"\` (its
\`version\`, a strong tag). Send it back as \`If-Match\` on \`PATCH\` or \`DELETE\`, and the change
is made only if no one changed the record since you read it; otherwise the answer is 412
\`precondition_failed\`, and nothing changes. The check runs under the record's lock, so of two
integrations editing one lead from the same ETag, exactly one wins and the other learns it:
\`GET\` the record again, apply your change to what it is now, and retry with its new ETag.
Without \`If-Match\` (or with \`*\`), the last write wins, as before. The ETag names the
record's state, not the bytes: the activities \`GET /leads/{id}\` embeds can change without it.
`.trim();
