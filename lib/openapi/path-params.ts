import { z } from "zod";
import {
  exampleLead,
  exampleProperty,
  exampleSms,
  exampleTask,
  exampleUser,
  exampleVisit,
  exampleWebhookDelivery,
  exampleWebhookEndpoint,
} from "./examples";

// Path parameters as the document shows them: the route's own schema (lib/schemas: any 1–100
// characters, looked up as given) plus what a real id looks like, so a client or a generated
// test sends `lead_01jf…` rather than an invented string. The route does not check the form: an
// id of another form is simply not found. The description says so, and the path-params test
// holds the API to it.

/** The collection a path names → the prefix of its ids (lib/ids/new-id.ts) and an example id. */
export const ID_KINDS: Record<string, { prefix: string; example: string; noun: string }> = {
  leads: { prefix: "lead", example: exampleLead.id, noun: "lead" },
  properties: { prefix: "prop", example: exampleProperty.id, noun: "property" },
  visits: { prefix: "visit", example: exampleVisit.id, noun: "visit" },
  tasks: { prefix: "task", example: exampleTask.id, noun: "task" },
  sms: { prefix: "sms", example: exampleSms.id, noun: "message" },
  users: { prefix: "user", example: exampleUser.id, noun: "user" },
  "webhook-endpoints": { prefix: "whep", example: exampleWebhookEndpoint.id, noun: "webhook endpoint" },
  deliveries: { prefix: "whd", example: exampleWebhookDelivery.id, noun: "delivery attempt" },
};

export const idPattern = (prefix: string) => `^${prefix}_[0-9a-z]+$`;

/** `/api/v1/leads/{id}/sms/{smsId}` → `{id: leads, smsId: sms}`: each parameter's collection. */
export function pathParamCollections(path: string): Record<string, string> {
  const segments = path.split("/");
  const collections: Record<string, string> = {};
  segments.forEach((segment, i) => {
    const param = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (param) collections[param] = segments[i - 1];
  });
  return collections;
}

/** The route's params schema with each id's pattern, example and what a malformed one answers. */
export function documentedPathParams(path: string, params: z.ZodObject): z.ZodObject {
  const collections = pathParamCollections(path);
  const shape = Object.fromEntries(
    Object.entries(params.shape).map(([name, schema]) => {
      const kind = ID_KINDS[collections[name]];
      if (!kind) throw new Error(`${path}: no id kind for path parameter ${name} (add it to ID_KINDS)`);
      const description = `The ${kind.noun}'s id (\`${kind.prefix}_…\`, as \`id\` in its answers). An id of any other form is not found (404 \`not_found\`), as an unknown one is; one over 100 characters is a 400 \`validation_error\`.`;
      return [
        name,
        (schema as z.ZodType).meta({ description, pattern: idPattern(kind.prefix), param: { example: kind.example } }),
      ];
    }),
  );
  return z.strictObject(shape);
}
