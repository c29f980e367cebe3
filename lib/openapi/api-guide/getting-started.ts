import { OPENAPI_DOCUMENT_PATH, POSTMAN_COLLECTION_PATH } from "../document-paths";

// The guide's "Getting started" (lib/openapi/api-guide.ts puts the sections in order).

export const gettingStartedSection = `
The LeadProp public API lets your website, portal feeds and tools read and write your account's
leads, properties, visits, tasks and activities, and text your leads.

**Downloads:** [Postman collection](${POSTMAN_COLLECTION_PATH}) · [OpenAPI 3.1 document](${OPENAPI_DOCUMENT_PATH})

## Getting started

1. **Create a key.** In the app, open **Settings → Public API** (account owners, Agency plan) and
   create a key, with only the permissions your integration needs and, if you like, an expiry
   (see *Keys* below). The full key (\`lpm_…\`) is shown once: store it in your secret manager.
   Keys can be revoked there at any time; a revoked key stops working at once.
2. **Send your first request.** Every request carries the key as a bearer token:

   \`\`\`bash
   export BASE_URL="https://your-leadprop-host"   # e.g. http://localhost:3000
   export LEADPROP_API_KEY="lpm_…"

   curl "$BASE_URL/api/v1/leads?limit=5" \\
     -H "Authorization: Bearer $LEADPROP_API_KEY"
   \`\`\`

   Create a lead:

   \`\`\`bash
   curl -X POST "$BASE_URL/api/v1/leads" \\
     -H "Authorization: Bearer $LEADPROP_API_KEY" \\
     -H "Content-Type: application/json" \\
     -H "Idempotency-Key: $(uuidgen)" \\
     -d '{"name": "Ada Lovelace", "email": "ada@example.com", "phone": "(415) 555-0123"}'
   \`\`\`

   The same with the TypeScript SDK (\`sdk/\` in the LeadProp repository, generated from this
   document; it adds the \`Idempotency-Key\`, retries 429 and 503 after \`Retry-After\`, and
   throws typed errors):

   \`\`\`ts
   import { createLeadPropClient, LeadPropError } from "@leadprop/sdk";
   const client = createLeadPropClient({ baseUrl: process.env.BASE_URL!, apiKey: process.env.LEADPROP_API_KEY! });

   const lead = await client.leads.create({ name: "Ada Lovelace", email: "ada@example.com", phone: "(415) 555-0123" });
   try {
     await client.leads.get("lead_01jf3v6q2m8k4x5y7z9a0b1c2d");
   } catch (error) {
     if (LeadPropError.is(error, "not_found")) console.log("no such lead", error.requestId);
     else throw error;
   }
   \`\`\`

3. **Try it here.** Click *Authentication* (or any operation's *Test Request*), paste your key
   as the bearer token, and send real requests to this server.
`.trim();
