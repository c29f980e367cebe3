import type { z } from "zod";
import type { oas31 } from "zod-openapi";
import type { RequiredPermission } from "@/lib/keys/permissions";
import type { ErrorExample, PublicErrorCode } from "./error-catalogue";

// One operation of the API, declared once beside its route (app/api/v1/<resource>/operations.ts):
// the route hands it to apiRoute, which parses with its schemas and checks its permission, and
// the document is built from the same object (toOperationObject adds what every operation of
// its kind shares: auth, rate limit, body errors, idempotency). Declare one with
// `satisfies OperationSpec`, so apiRoute sees the exact schemas and types the handler's input.

type HttpMethod = "get" | "post" | "patch" | "delete";
export type ResourceTag =
  | "Leads"
  | "Properties"
  | "Visits"
  | "Tasks"
  | "Activities"
  | "SMS"
  | "Events"
  | "Webhooks"
  | "Custom fields"
  | "Users";

export interface OperationSpec {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path template, e.g. `/api/v1/leads/{id}`. */
  path: string;
  tag: ResourceTag;
  summary: string;
  description: string;
  /** What the key must be granted, e.g. `{ leads: "write" }` (lib/keys/permissions.ts). */
  permission: RequiredPermission;
  /** The path's params schema; the document adds each id's pattern and example. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A list operation: `{data: [...], meta}`, cursor errors. */
  list?: boolean;
  body?: {
    /** What the route parses the body with. */
    schema: z.ZodType;
    /** What the document shows, when the route parses less than that (a batch's list, whose
     * items are parsed one by one so that a bad one fails alone). */
    documented?: z.ZodType;
    examples: Record<string, oas31.ExampleObject>;
  };
  /** The answer shows a secret once: its stored Idempotency-Key replay is encrypted. */
  sealReplay?: boolean;
  response: SuccessSpec & {
    /** A second success status of the same operation (intake: 200 matched, 201 created). */
    also?: Omit<SuccessSpec, "schema" | "envelope">;
  };
  /** Codes beyond those every operation shares and those its inputs imply. */
  errors?: PublicErrorCode[];
  errorExamples?: Partial<Record<PublicErrorCode, ErrorExample>>;
  /** One lead, property or visit: its success answer carries `ETag`, and a PATCH or DELETE of it
   * honours `If-Match` (412 precondition_failed). */
  versioned?: boolean;
}

export interface SuccessSpec {
  status: 200 | 201 | 202;
  description: string;
  /** The schema of `data` (of one item, for a list). */
  schema: z.ZodType;
  /** Members of the answer beside `data` (intake's `matched`). */
  envelope?: Record<string, z.ZodType>;
  example: unknown;
  location?: { description: string; example: string };
}
