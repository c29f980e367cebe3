// The guide's "The pipeline follows the work" (lib/openapi/api-guide.ts puts the sections in order).

export const pipelineMovesSection = `
## The pipeline follows the work: some writes move the lead

A lead's \`status\` is not only what you PATCH. Unless the account's owners turn a move off in
Settings → Pipeline, three kinds of work move the lead by themselves:

| The work | The move |
| --- | --- |
| A text sent (\`POST /leads/{id}/sms\`, when it goes out, now or at its \`sendAt\`), a call, text or email task marked done (\`PATCH /tasks/{id}\` with \`status: done\`), a note in the web UI | \`new\` → \`contacted\` |
| A visit booked (\`POST /visits\`) | → \`visit_scheduled\` when the lead is \`new\`, \`contacted\` or \`qualified\`; and the visit's property becomes the lead's \`propertyId\` when it has none |

A lead is never moved backwards: a \`negotiating\`, \`won\` or \`lost\` lead keeps its status (a
booking still fills an empty \`propertyId\`). A lead's own reply (\`sms_received\`) moves nothing,
nor does a failed text.

Each move is an ordinary change, written in the same transaction as the work, so you never see
one without the other: the lead's \`version\` goes up, a \`lead_status_changed\` activity is written
(\`lead_updated\` when only \`propertyId\` was filled), and a \`lead.status_changed\` event
(\`lead.updated\`) goes to the feed and your webhooks, with \`previousAttributes\`. Its actor is the
system (\`type: "system"\`, named \`Pipeline, for <who did the work>\`) and the event carries the
work's \`requestId\`; the activity's \`data.trigger\` says which work (\`note\`, \`text\`, \`call\`,
\`email\`, \`visit\`) and \`data.onBehalfOf\` who did it. Two writes at once make one move. So the
\`201\` of \`POST /visits\` or \`POST /leads/{id}/sms\` can be followed by a \`lead.status_changed\`
you did not send: if you keep a lead's \`version\` for \`If-Match\`, read the lead again.
`.trim();
