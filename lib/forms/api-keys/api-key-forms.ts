import type { z } from "zod";
import type { RequestOrigin } from "@/lib/audit/request-origin";
import { invalidForm } from "@/lib/forms/parse-form-input";
import { apiKeyNameSchema } from "@/lib/keys/api-key-name-schema";
import { createApiKeyAsOwner } from "@/lib/keys/create-api-key-as-owner";
import { describePermissions } from "@/lib/keys/permissions";
import { endRollOverlapAsOwner, revokeApiKeyAsOwner } from "@/lib/keys/revoke-api-key-as-owner";
import { rollApiKeyAsOwner } from "@/lib/keys/roll-api-key-as-owner";
import { updateApiKeyPermissionsAsOwner } from "@/lib/keys/update-api-key-permissions-as-owner";
import { errorState, fieldErrorsOf, formValues } from "@/lib/ui/form-errors";
import { formatInZone } from "@/lib/ui/format-date";
import type { FormState } from "@/lib/ui/form-state";
import type { Member } from "@/lib/users/get-member";
import { accessInputFromForm, expiryInputFromForm } from "./api-key-form-input";
import { accessFormSchema, expiryFormSchema, rollFormSchema } from "./api-key-form-schemas";

// Settings → Public API. The services check the owner role (from the database) and the plan,
// and write the audit entry; these turn a form into their input and their outcome into words.

/** A new secret, for the one response that shows it; never stored or logged. */
interface ShownKey {
  key: string;
  prefix: string;
  name: string;
}

export type CreateKeyState = FormState & { createdKey?: ShownKey };
export type RollKeyState = FormState & { rolledKey?: ShownKey };

const keyIdOf = (formData: FormData) => String(formData.get("keyId") ?? "");
const errorsOf = (result: z.ZodSafeParseResult<unknown>) => (result.success ? {} : fieldErrorsOf(result.error));
const actorOf = (member: Member, origin: RequestOrigin) => ({
  accountId: member.accountId,
  actorUserId: member.userId,
  origin,
});

// "Create API key": a name, what the key may do, and when it expires.
export async function createApiKeyForm(
  member: Member,
  origin: RequestOrigin,
  formData: FormData,
  now = Date.now(),
): Promise<CreateKeyState> {
  const values = formValues(formData);
  const name = apiKeyNameSchema.safeParse({ name: values.name ?? "" });
  const access = accessFormSchema.safeParse(accessInputFromForm(formData));
  const expiry = expiryFormSchema(member.timeZone, now).safeParse(expiryInputFromForm(formData));
  if (!name.success || !access.success || !expiry.success) {
    return invalidForm({ ...errorsOf(name), ...errorsOf(access), ...errorsOf(expiry) }, values);
  }
  try {
    const created = await createApiKeyAsOwner({
      ...actorOf(member, origin),
      name: name.data.name,
      permissions: access.data,
      expiresAt: expiry.data,
    });
    return { status: "success", createdKey: { key: created.key, prefix: created.prefix, name: created.name } };
  } catch (error) {
    return errorState(error, values);
  }
}

// "Edit permissions": takes effect on the key's next request.
export async function editApiKeyPermissionsForm(
  member: Member,
  origin: RequestOrigin,
  formData: FormData,
): Promise<FormState> {
  const values = formValues(formData);
  const access = accessFormSchema.safeParse(accessInputFromForm(formData));
  if (!access.success) return invalidForm(fieldErrorsOf(access.error), values);
  try {
    const { permissions } = await updateApiKeyPermissionsAsOwner({
      ...actorOf(member, origin),
      keyId: keyIdOf(formData),
      permissions: access.data,
    });
    return { status: "success", message: `Permissions saved: ${describePermissions(permissions)}.` };
  } catch (error) {
    return errorState(error, values);
  }
}

// "Roll key": a new secret with the key's name, permissions and expiry; the old one works
// until the moment the owner picked.
export async function rollApiKeyForm(member: Member, origin: RequestOrigin, formData: FormData): Promise<RollKeyState> {
  const parsed = rollFormSchema.safeParse({ overlap: formData.get("overlap") ?? undefined });
  if (!parsed.success) return invalidForm(fieldErrorsOf(parsed.error), formValues(formData));
  try {
    const rolled = await rollApiKeyAsOwner({
      ...actorOf(member, origin),
      keyId: keyIdOf(formData),
      overlap: parsed.data.overlap,
    });
    const end = rolled.previous.expiresAt;
    return {
      status: "success",
      message:
        end.getTime() <= Date.now()
          ? "The old secret has stopped working."
          : `The old secret keeps working until ${formatInZone(end, member.timeZone)}.`,
      rolledKey: { key: rolled.key, prefix: rolled.prefix, name: rolled.name },
    };
  } catch (error) {
    return errorState(error);
  }
}

// "Revoke": every secret of the key is refused from the next request on.
export async function revokeApiKeyForm(member: Member, origin: RequestOrigin, formData: FormData): Promise<FormState> {
  try {
    await revokeApiKeyAsOwner({ ...actorOf(member, origin), keyId: keyIdOf(formData) });
  } catch (error) {
    return errorState(error);
  }
  return { status: "success" };
}

// "Stop now" beside a rolled key's old secret: ends its overlap early; the new secret works on.
export async function stopOldSecretForm(member: Member, origin: RequestOrigin, formData: FormData): Promise<FormState> {
  try {
    await endRollOverlapAsOwner({ ...actorOf(member, origin), keyId: keyIdOf(formData) });
  } catch (error) {
    return errorState(error);
  }
  return { status: "success" };
}
