"use server";

import { formAction } from "@/app/_forms/form-action";
import { fieldErrorsOf } from "@/app/_forms/form-errors";
import { invalidForm } from "@/app/_forms/parse-form-input";
import { formatInZone } from "@/components/ui/format-date";
import { apiKeyNameSchema } from "@/lib/keys/api-key-name-schema";
import { assertExpiryAhead, ROLL_OVERLAPS } from "@/lib/keys/api-key-expiry";
import { assertAgencyPlan } from "@/lib/keys/assert-agency-plan";
import { createApiKey } from "@/lib/keys/create-api-key";
import { describePermissions } from "@/lib/keys/permissions";
import { endRollOverlap, revokeApiKey } from "@/lib/keys/revoke-api-key";
import { rollApiKey } from "@/lib/keys/roll-api-key";
import { updateApiKeyPermissions } from "@/lib/keys/update-api-key-permissions";
import { accessInputFromForm, expiryInputFromForm } from "./api-key-form-input";
import { accessFormSchema, expiryFormSchema, rollFormSchema } from "./api-key-form-schemas";

// Settings → Public API: owners only (the role read from the database), each change audited with
// the request's address and user agent, then the key list refreshed. New secrets (creating and
// rolling) need the Agency plan; narrowing or revoking a key never does, so a downgraded account
// can still revoke the keys it made. A new secret goes back to its one response only: it is never
// stored or logged.

const OWNER = { role: "owner", revalidate: ["/settings/api"] } as const;
const keyIdOf = (formData: FormData) => String(formData.get("keyId") ?? "");

/** A new secret, for the one response that shows it. */
const shown = (key: { id: string; key: string; prefix: string; name: string }) => ({
  id: key.id,
  key: key.key,
  prefix: key.prefix,
  name: key.name,
});

// "Create API key": a name, what the key may do, and when it expires. Each part parses on its
// own, so the form shows every field's error at once.
export const createApiKeyAction = formAction(OWNER, async ({ member, formData, values, audit }) => {
  const name = apiKeyNameSchema.safeParse({ name: values.name ?? "" });
  const access = accessFormSchema.safeParse(accessInputFromForm(formData));
  const expiry = expiryFormSchema(member.timeZone).safeParse(expiryInputFromForm(formData));
  if (!name.success || !access.success || !expiry.success) {
    const errorsOf = (r: typeof name | typeof access | typeof expiry) => (r.success ? {} : fieldErrorsOf(r.error));
    return invalidForm({ ...errorsOf(name), ...errorsOf(access), ...errorsOf(expiry) }, values);
  }
  assertAgencyPlan(member.plan);
  assertExpiryAhead(expiry.data);
  const created = await createApiKey({
    accountId: member.accountId,
    name: name.data.name,
    createdBy: member.userId,
    permissions: access.data,
    expiresAt: expiry.data,
    audit,
  });
  return { status: "success", createdKey: shown(created) };
});

// "Edit permissions": takes effect on the key's next request.
export const editApiKeyPermissionsAction = formAction(
  { ...OWNER, schema: accessFormSchema, input: (formData) => ({ input: accessInputFromForm(formData) }) },
  async ({ member, input, formData, audit }) => {
    const { permissions } = await updateApiKeyPermissions({
      keyId: keyIdOf(formData),
      accountId: member.accountId,
      permissions: input,
      audit,
    });
    return { status: "success", message: `Permissions saved: ${describePermissions(permissions)}.` };
  },
);

// "Roll key": a new secret with the key's name, permissions and expiry; the old one works until
// the moment the owner picked.
export const rollApiKeyAction = formAction(
  { ...OWNER, schema: rollFormSchema },
  async ({ member, input, formData, audit }) => {
    assertAgencyPlan(member.plan);
    const rolled = await rollApiKey({
      keyId: keyIdOf(formData),
      accountId: member.accountId,
      overlapMs: ROLL_OVERLAPS[input.overlap],
      createdBy: member.userId,
      audit,
    });
    const end = rolled.previous.expiresAt;
    return {
      status: "success",
      message:
        end.getTime() <= Date.now()
          ? "The old secret has stopped working."
          : `The old secret keeps working until ${formatInZone(end, member.timeZone)}.`,
      rolledKey: shown(rolled),
    };
  },
);

// "Revoke": every secret of the key is refused from the next request on.
export const revokeApiKeyAction = formAction(OWNER, async ({ member, formData, audit }) => {
  await revokeApiKey(keyIdOf(formData), member.accountId, audit);
  return { status: "success" };
});

// "Stop now" beside a rolled key's old secret: ends its overlap early; the new secret works on.
export const stopOldSecretAction = formAction(OWNER, async ({ member, formData, audit }) => {
  await endRollOverlap(keyIdOf(formData), member.accountId, audit);
  return { status: "success" };
});

export type CreateKeyState = Awaited<ReturnType<typeof createApiKeyAction>>;
export type RollKeyState = Awaited<ReturnType<typeof rollApiKeyAction>>;
