import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { oas31 } from "zod-openapi";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors/api-error";
import { getOpenApiDocument } from "@/app/api/v1/openapi-document";

// Checks one API response against the OpenAPI document: its status must be documented for the
// operation, its body must match that response's schema (JSON Schema 2020-12, as OpenAPI 3.1
// says) and its headers the declared ones. Called by callApi on every response the integration
// tests produce, so the document and the API cannot drift apart unnoticed.

export interface ObservedResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  operation: oas31.OperationObject;
}

const DOCUMENT_ID = "openapi.json";
const escapePointer = (part: string) => part.replace(/~/g, "~0").replace(/\//g, "~1");

let state: { doc: oas31.OpenAPIObject; ajv: Ajv2020; headerAjv: Ajv2020; operations: Operation[] } | undefined;
const validators = new Map<string, ValidateFunction>();

function getState() {
  if (state) return state;
  const doc = getOpenApiDocument();
  // `example` and the document's own fields are not JSON Schema keywords: not strict.
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true, validateSchema: false }));
  ajv.addSchema(doc as object, DOCUMENT_ID);
  // Header values are strings on the wire; the document types them (integer, …).
  const headerAjv = addFormats(new Ajv2020({ strict: false, allErrors: true, coerceTypes: true }));
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths ?? {})) {
    for (const method of ["get", "post", "put", "patch", "delete"] as const) {
      const operation = item[method];
      if (!operation) continue;
      const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
      operations.push({ method: method.toUpperCase(), template, pattern, operation });
    }
  }
  state = { doc, ajv, headerAjv, operations };
  return state;
}

function compiled(key: string, make: () => ValidateFunction): ValidateFunction {
  let fn = validators.get(key);
  if (!fn) validators.set(key, (fn = make()));
  return fn;
}

function resolve<T extends object>(doc: oas31.OpenAPIObject, value: T | oas31.ReferenceObject): T {
  if (!("$ref" in value)) return value;
  const target = value.$ref
    .replace(/^#\//, "")
    .split("/")
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown>)[part.replace(/~1/g, "/").replace(/~0/g, "~")],
      doc,
    );
  return resolve(doc, target as T);
}

const formatErrors = (errors: ErrorObject[] | null | undefined, where: string) =>
  (errors ?? []).map(
    (e) =>
      `  ${where}${e.instancePath || ""}: ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ""}`,
  );

/** Problems of `value` against the schema at `pointer` (a JSON pointer into the document). */
export function schemaProblems(pointer: string, value: unknown): string[] {
  const { ajv } = getState();
  const ref = `${DOCUMENT_ID}#${pointer}`;
  const validate = compiled(ref, () => ajv.compile({ $ref: ref }));
  return validate(value) ? [] : formatErrors(validate.errors, "");
}

/** Throws, with every mismatch listed, when the response is not what the document says. */
export function assertResponseMatchesDocument(method: string, pathname: string, response: ObservedResponse): void {
  const { doc, ajv, headerAjv, operations } = getState();
  const found = operations.find((op) => op.method === method && op.pattern.test(pathname));
  const label = `${method} ${pathname} → ${response.status}`;
  const problems = found
    ? checkOperation(doc, ajv, headerAjv, found, response)
    : checkOutsideDocument(ajv, pathname, response);
  if (problems.length) {
    throw new Error(
      `OpenAPI contract: ${label} does not match ${found ? `operation ${found.operation.operationId}` : "the error envelope"}:\n${problems.join("\n")}\nBody: ${JSON.stringify(response.body).slice(0, 2000)}`,
    );
  }
}

function checkOperation(
  doc: oas31.OpenAPIObject,
  ajv: Ajv2020,
  headerAjv: Ajv2020,
  op: Operation,
  response: ObservedResponse,
): string[] {
  const status = String(response.status);
  const declared = op.operation.responses?.[status] as oas31.ResponseObject | oas31.ReferenceObject | undefined;
  if (!declared)
    return [
      `  status ${status} is not documented (documented: ${Object.keys(op.operation.responses ?? {}).join(", ")})`,
    ];
  const responseObject = resolve(doc, declared);
  const pointer = `${DOCUMENT_ID}#/paths/${escapePointer(op.template)}/${op.method.toLowerCase()}/responses/${status}`;
  const problems: string[] = [];

  const media = responseObject.content?.["application/json"];
  if (media?.schema) {
    const contentType = response.headers.get("content-type") ?? "";
    if (!contentType.startsWith("application/json"))
      problems.push(`  content-type is ${contentType || "missing"}, not application/json`);
    // A $ref response points into components/responses; validate against the resolved location.
    const schemaPointer =
      "$ref" in declared
        ? `${DOCUMENT_ID}${declared.$ref}/content/application~1json/schema`
        : `${pointer}/content/application~1json/schema`;
    const validate = compiled(schemaPointer, () => ajv.compile({ $ref: schemaPointer }));
    if (!validate(response.body)) problems.push(...formatErrors(validate.errors, "body"));
  }

  const headers = Object.entries(responseObject.headers ?? {}).map(
    ([name, header]) => [name.toLowerCase(), resolve(doc, header)] as const,
  );
  const headerSchema = {
    type: "object",
    properties: Object.fromEntries(headers.map(([name, header]) => [name, header.schema ?? {}])),
    required: headers.filter(([, header]) => header.required).map(([name]) => name),
  };
  const validateHeaders = compiled(`${pointer}#headers`, () => headerAjv.compile(headerSchema));
  const observed = Object.fromEntries([...response.headers].filter(([name]) => name in headerSchema.properties));
  if (!validateHeaders(observed)) problems.push(...formatErrors(validateHeaders.errors, "headers"));
  return problems;
}

// Answers of paths and methods the document does not have (405, the catch-all 404) still use
// the one error envelope, with the status of their code.
function checkOutsideDocument(ajv: Ajv2020, pathname: string, response: ObservedResponse): string[] {
  const pointer = `${DOCUMENT_ID}#/components/schemas/Error`;
  const validate = compiled(pointer, () => ajv.compile({ $ref: pointer }));
  if (!validate(response.body))
    return [
      `  ${pathname} is not in the document and its body is not the error envelope:`,
      ...formatErrors(validate.errors, "body"),
    ];
  const { code } = (response.body as { error: { code: ErrorCode } }).error;
  const problems: string[] = [];
  if (ERROR_STATUS[code] !== response.status) problems.push(`  code ${code} belongs with status ${ERROR_STATUS[code]}`);
  if (!["method_not_allowed", "not_found"].includes(code))
    problems.push(
      `  ${pathname} is not in the document: only 404 not_found or 405 method_not_allowed are expected here`,
    );
  if (code === "method_not_allowed" && !response.headers.get("allow")) problems.push("  405 without an Allow header");
  if (!response.headers.get("x-request-id")) problems.push("  no X-Request-Id header");
  return problems;
}
