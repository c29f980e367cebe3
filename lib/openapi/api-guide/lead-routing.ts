// The guide's "Lead routing" (lib/openapi/api-guide.ts puts the sections in order).

export const leadRoutingSection = `
## Lead routing: the answer names the agent

An account's owners set up lead routing in Settings → Lead routing: rules in order, each with
conditions on \`source\`, \`tags\`, \`interest\`, a \`budget\` range and custom fields, that give
a lead to one agent or to several in turn (round robin), and a default rule for the rest (which
may leave leads unassigned). An agent marked unavailable is skipped; a rule with nobody available
passes the lead to the next rule.

Every lead created without \`assignedTo\` is routed, whichever door it comes through:
\`POST /leads\`, \`POST /leads/intake\` (when it creates the lead; a matched lead keeps its agent),
\`POST /leads/batch\`, the CSV import, a text from an unknown number and the web UI's form. Routing
happens in the write itself, so there is nothing to wait for: the \`201\` already carries the
lead's \`assignedTo\`, the \`lead.created\` event carries it too, and a \`lead_assigned\` activity
names the rule (\`data.ruleId\`, \`data.ruleName\`). A lead sent with \`assignedTo\` keeps that
user and is not routed. Round robin is fair under concurrency: each create takes the next turn
in the same statement, so N agents get ⌊n/N⌋ or ⌈n/N⌉ of n leads created at once.

\`POST /leads/route-preview\` takes the same body and answers the rule and the user a lead would
get now, creating nothing and taking no turn. The assigned agent gets an email with the lead's
name, source and a link (a CSV import's rows are routed without one). A rule may re-route after silence: when no call, text, email or note is
recorded on the lead within its minutes, the lead moves to the rule's next available agent (once),
with a \`lead_assigned\` activity saying so and a \`lead.updated\` event.
`.trim();
