import { DELIVERY_ATTEMPTS, retrySpanText, retryWaitsText } from "@/lib/webhooks/retry-schedule-text";

// The guide's "Events and webhooks" (lib/openapi/api-guide.ts puts the sections in order).

export const eventsAndWebhooksSection = () =>
  `
## Events and webhooks

Every change to your leads, properties, visits, tasks, notes and SMS, made through the API, the web app
or the CLI, writes one **event** in the same transaction: \`lead.created\`, \`lead.updated\`,
\`lead.status_changed\`, \`lead.deleted\`, \`lead.restored\`, \`property.created\`,
\`property.updated\`, \`property.deleted\`, \`visit.created\`, \`visit.updated\`, \`task.created\`,
\`task.updated\`, \`task.completed\` (a task became done), \`task.deleted\`, \`note.created\`,
\`sms.sent\`, \`sms.delivered\`, \`sms.failed\`. An event is
\`{"id": "evt_…", "type", "createdAt", "data": {"object", "previousAttributes"}, "actor", "requestId"}\`:
\`data.object\` is the resource exactly as the API returns it (for a deletion, as it was, with
\`deleted: true\`), and updates carry the old value of each changed field in
\`previousAttributes\`. Events are kept 30 days.

**Polling: \`GET /events\`.** Page from the start with the default \`sort=createdAt\`, then keep
polling with the last \`meta.cursor\`: you see every event exactly once, deletions included, even
when two changes commit out of order. The feed's order never changes once read (nothing appears
behind your cursor), but it is not the order of \`createdAt\` (when the change's transaction
began), nor, in general, the order changes committed in.

**Order: \`version\`.** Each lead, property, visit and task carries \`version\`: 1 when created, one
more with every change, its deletion included, taken while the change holds the record's lock.
So of two changes to one record, the later one has the higher version, whatever order their
events reach you in. Keep the version with your copy, and apply an event only when its
\`data.object.version\` is above the one you hold; otherwise skip it, as you already hold that
change or a later one. Updates also name the version they replaced (\`previousAttributes.version\`):
when it is the one you hold, you missed nothing in between. A version can skip a number (a
custom field's definition deleted in Settings removes its value from every record without an
event), so a gap is no lost event: \`GET\` the record when you need it whole. That is the only
order there is: events of different records are not ordered relative to each other, and notes
and SMS have no version.

**Pushing: webhooks.** Add an endpoint in Settings → Webhooks, or with
\`POST /webhook-endpoints\` (REST hooks: an integration can subscribe and unsubscribe itself).
We POST each subscribed event to it as JSON, signed per [Standard Webhooks](https://www.standardwebhooks.com):
headers \`webhook-id\` (the event id), \`webhook-timestamp\` and \`webhook-signature\`.

- **Verify** every request with the endpoint's secret (\`whsec_…\`), with the \`standardwebhooks\`
  library, on the raw body:

  \`\`\`js
  import { Webhook } from "standardwebhooks";
  const event = new Webhook(process.env.LEADPROP_WEBHOOK_SECRET).verify(rawBody, request.headers); // throws if forged
  \`\`\`

  With the SDK, the same check returns the event typed by its \`type\`:

  \`\`\`ts
  import { verifyWebhook } from "@leadprop/sdk";
  const event = verifyWebhook(rawBody, request.headers, process.env.LEADPROP_WEBHOOK_SECRET!);
  if (event.type === "lead.created") console.log(event.data.object.name);
  \`\`\`

  After you roll a secret, the old one keeps signing beside the new one for 24 hours: both
  signatures are in the header, and either verifies.
- **Answer 2xx fast** (within 10 seconds; we do not follow redirects and read at most 64 KB of
  your answer), and do the work afterwards, from a queue.
- **Retries.** Anything but a 2xx, a timeout or a network error is retried, each wait counted
  from the attempt before (with ±10 % jitter): ${retryWaitsText()}. That is ${DELIVERY_ATTEMPTS}
  attempts over ${retrySpanText()}. A
  \`410 Gone\` disables the endpoint at once; so do 5 days without a successful delivery.
  Settings shows why, and re-enabling it is one click (or \`PATCH\` with \`enabled: true\`).
- **A failing endpoint waits.** After a failed attempt, the endpoint's other first attempts (new
  events included) wait until its retry has had its answer, or about a minute at most: a receiver
  that is down gets its retries, not a request for every event. The first success sends
  everything that waited, at once, retries included.
- **At least once, in no guaranteed order.** The same event can arrive more than once
  (deduplicate on \`webhook-id\`), and events can arrive out of order, a retry long after later
  ones: apply one only when its \`data.object.version\` is newer than the one you hold (above).
- **The delivery log** (\`GET /webhook-endpoints/{id}/deliveries\`, and Settings) holds every
  attempt of the last 30 days: \`succeeded\`, \`failed\` (with the receiver's status, or why none
  came) or \`skipped\` (the endpoint was disabled). Send one again with
  \`POST …/deliveries/{deliveryId}/resend\`, everything since a time with \`POST …/replay\`, or
  catch up on anything you missed from \`GET /events\`.
- **URLs** must be \`https\` and must not resolve to a private, loopback or link-local address.
  A name the DNS says does not exist is refused (400). When the DNS cannot answer (a timeout,
  \`SERVFAIL\`), the endpoint is saved anyway: every delivery checks the URL again before it
  sends, and one that cannot resolve is retried like any other failure. On a local install that
  runs on its embedded database (no \`DATABASE_URL\`), a receiver on that computer
  (\`http://localhost:…\`, \`http://127.0.0.1:…\`) is accepted too, for development.
`.trim();
