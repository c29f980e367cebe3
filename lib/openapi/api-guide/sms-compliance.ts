// The guide's "SMS compliance" (lib/openapi/api-guide.ts puts the sections in order).

export const smsComplianceSection = `
## SMS compliance

US rules (the TCPA and carrier rules) make the agency answer for every text, so the API enforces
them. A lead who replies STOP (or STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT) is opted out
(\`smsOptOut: true\`, texting answers 422 \`lead_opted_out\`) until they reply START (or UNSTOP,
YES). The opt-out belongs to the phone number, not to the lead: every lead of yours with that
number (created later too, in any format, by any route or a CSV import) answers 422
\`lead_opted_out\` at send and at scheduling, and a text already scheduled is not sent. Each lead carries a consent record, \`consent.sms\` (\`status\` \`granted\`, \`revoked\` or
\`unknown\`, with \`at\`, \`source\`, \`text\` and \`ip\`); a STOP revokes it and a START grants it,
and every change is an \`sms_consent_changed\` activity with the old and new record. Record the
consent your web form collected with \`consent\` on \`POST /leads\`, \`PATCH /leads/{id}\` or
\`POST /leads/intake\`: \`{"sms": {"status": "granted", "source": "web form", "text": "<the words
they ticked>", "ip": "<their address>"}}\` (\`at\` is now unless you send when). Sending the same
record again changes nothing. A lead who (or whose number) replied STOP cannot be granted by you (409
\`opt_out_by_recipient\`; an intake's \`granted\` is then ignored and its inquiry kept): only their
START does. A \`revoked\` lead is never texted (422 \`consent_required\`), and a text scheduled
before the revocation is not sent. With "Require SMS consent before texting" on (Settings →
Account), only a lead whose consent is \`granted\` can be texted. Quiet hours hold a text sent outside
08:00–21:00 in the lead's local time until 08:00 (see \`POST /leads/{id}/sms\`).
`.trim();
