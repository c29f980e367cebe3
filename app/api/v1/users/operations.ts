import { exampleList, exampleUser } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { userListQuery, userSchema } from "@/lib/schemas/users";

export const listUsers = {
  operationId: "listUsers",
  method: "get",
  path: "/api/v1/users",
  tag: "Users",
  permission: { users: "read" },
  summary: "List users",
  description:
    "Your account's members, newest first: the ids a lead's `assignedTo` and a visit's `agentId` take. Only an active user can be assigned (`active=true` lists them); a deactivated one keeps what was assigned to them and stays listed. Owners add, deactivate and reactivate users in Settings → Team.",
  query: userListQuery,
  list: true,
  response: {
    status: 200,
    description: "A page of users.",
    schema: userSchema,
    example: exampleList(exampleUser),
  },
} satisfies OperationSpec;
