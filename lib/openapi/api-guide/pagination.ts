// The guide's "Pagination" (lib/openapi/api-guide.ts puts the sections in order).

export const paginationSection = `
## Pagination

Every list answers \`{"data": [...], "meta": {"cursor": "…", "hasMore": true, "limit": 20}}\`.
Ask for up to \`limit\` items (1–100, default 20); pass \`meta.cursor\` back as \`cursor\` for the
next page, with the **same** \`sort\` and filters, until \`hasMore\` is false. Pagination is keyset
based: deep pages cost what the first costs, and walking all pages returns every matching item
exactly once even while new items are being added. A cursor is opaque (encrypted) and bound to
its list, your account, its \`sort\` and its filters: an edited one, or one used anywhere else,
answers 400 \`invalid_cursor\`. \`GET /custom-fields\` is the one list that is never paged: an
account has a few dozen definitions at most, all in its first page (\`hasMore\` false, no
cursor). The event feed keeps 30 days: a cursor older than that, once
events after it have expired, answers 410 \`cursor_expired\` (never a page with a silent gap);
re-sync, then poll from \`error.details[0].oldestCursor\`.

\`\`\`js
let cursor;
do {
  const url = new URL("/api/v1/leads", process.env.BASE_URL);
  url.searchParams.set("limit", "100");
  if (cursor) url.searchParams.set("cursor", cursor);
  const res = await fetch(url, { headers: { Authorization: \`Bearer \${process.env.LEADPROP_API_KEY}\` } });
  if (!res.ok) throw new Error((await res.json()).error.message);
  const { data, meta } = await res.json();
  for (const lead of data) console.log(lead.id, lead.name);
  cursor = meta.hasMore ? meta.cursor : undefined;
} while (cursor);
\`\`\`

With the SDK, \`list\` follows the cursor for you:

\`\`\`ts
for await (const lead of client.leads.list({ status: "qualified", limit: 100 })) console.log(lead.id, lead.name);
\`\`\`

\`sort\` is \`-createdAt\` (default, newest first), \`createdAt\`, \`-updatedAt\` or \`updatedAt\`
(activities: \`createdAt\` only).
`.trim();
