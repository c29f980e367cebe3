import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { customFieldListQuery, publicCustomFieldDefinition } from "@/lib/schemas/custom-fields";

export const listCustomFields = {
  operationId: "listCustomFields",
  method: "get",
  path: "/api/v1/custom-fields",
  tag: "Custom fields",
  permission: { custom_fields: "read" },
  summary: "List custom field definitions",
  description: [
    "The fields your account adds to leads and properties (Settings → Custom fields), in form order. Records carry their values in `customFields`, an object keyed by these definitions' `key`s; use this list to build your mapping.",
    "",
    "Definitions are managed by the account's owners in the web UI.",
  ].join("\n"),
  query: customFieldListQuery,
  list: true,
  response: {
    status: 200,
    description:
      "Every definition, in one page (an account has a few dozen at most): `meta.hasMore` is false, `meta.cursor` null and `meta.limit` the number of definitions.",
    schema: publicCustomFieldDefinition,
    example: {
      data: [
        {
          id: "cfd_01jd8x3m5k2n7p9q4r6s8t0v2w",
          resource: "lead",
          key: "budget",
          label: "Budget",
          type: "number",
          options: [],
          required: false,
          position: 0,
        },
      ],
      meta: { cursor: null, hasMore: false, limit: 1 },
    },
  },
} satisfies OperationSpec;
