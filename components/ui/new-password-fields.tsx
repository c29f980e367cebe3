import { MIN_PASSWORD_LENGTH } from "@/lib/accounts/password-rules";
import { TextField } from "./text-field";

// A new password and its confirmation, as the reset and change forms both take them (the
// signup rule's length; `new-password` so password managers offer to save it).
export function NewPasswordFields({
  name,
  errors,
  autoFocus,
}: {
  /** The new password's field name; the confirmation is always `confirmPassword`. */
  name: string;
  errors: Record<string, string>;
  autoFocus?: boolean;
}) {
  return (
    <>
      <TextField
        label="New password"
        name={name}
        type="password"
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        minLength={MIN_PASSWORD_LENGTH}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        error={errors[name]}
      />
      <TextField
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
    </>
  );
}
