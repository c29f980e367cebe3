import { exampleOne, exampleUser } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { userIdParams, userSchema } from "@/lib/schemas/users";

export const getUser = {
  operationId: "getUser",
  method: "get",
  path: "/api/v1/users/{id}",
  tag: "Users",
  permission: { users: "read" },
  summary: "Get a user",
  description: "One member of your account, active or deactivated. Another account's user is a 404.",
  params: userIdParams,
  response: {
    status: 200,
    description: "The user.",
    schema: userSchema,
    example: exampleOne(exampleUser),
  },
  errorExamples: { not_found: { message: "User not found." } },
} satisfies OperationSpec;
