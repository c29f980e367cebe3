import { ROLES } from "@/lib/domain/enums";
import { z } from "zod";
import { idParams, outputId, outputTimestamp, paginationQuery } from "./common";

// Users: the account's members, as GET /users shows them, so an integrator has the ids that
// `assignedTo` (leads) and `agentId` (visits) take. Read-only: people are added, deactivated and
// given roles by an owner in Settings → Team.

export const userSchema = z
  .object({
    id: outputId("user"),
    name: z.string().meta({ example: "Maya Torres" }),
    email: z.string().meta({ format: "email", example: "maya@harborhomes.example" }),
    role: z.enum(ROLES).meta({
      description: "`owner`: manages the team, settings and API keys; `staff`: works the leads.",
      example: "staff",
    }),
    timeZone: z.string().meta({
      description: "The IANA zone the user's times are shown in: their own, else the account's.",
      example: "America/New_York",
    }),
    active: z.boolean().meta({
      description:
        "False once an owner deactivates the user: they cannot sign in, and `assignedTo` or `agentId` naming them is a 400 `validation_error`. What was assigned to them stays.",
      example: true,
    }),
    createdAt: outputTimestamp.meta({ description: "When the user joined the account." }),
  })
  .meta({ id: "User" });
export type PublicUser = z.output<typeof userSchema>;

export const userListQuery = z.strictObject({
  ...paginationQuery,
  sort: z
    .enum(["-createdAt", "createdAt"])
    .default("-createdAt")
    .meta({ description: "By `createdAt` (when they joined) only; `-` means newest first." }),
  active: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional()
    .meta({ description: "`true`: only the users you can assign leads to; `false`: only deactivated ones." }),
});
export type UserListQuery = z.output<typeof userListQuery>;

export const userIdParams = idParams("user");
