"use client";

import { useFormStatus } from "react-dom";
import { styles } from "./styles";

const VARIANTS = {
  primary: styles.primaryButton,
  secondary: styles.secondaryButton,
  danger: styles.dangerButton,
  small: styles.smallButton,
} as const;

// A form's submit button that shows the form is working and cannot be pressed twice.
export function SubmitButton({
  children,
  pendingLabel,
  variant = "primary",
  ariaLabel,
  name,
  value,
  disabled = false,
}: {
  children: React.ReactNode;
  pendingLabel: string;
  variant?: keyof typeof VARIANTS;
  ariaLabel?: string;
  name?: string;
  value?: string;
  /** Not pressable for a reason the form states beside it. */
  disabled?: boolean;
}) {
  const { pending, data } = useFormStatus();
  // With several named buttons in one form, only the one pressed says it is working.
  const pressed = pending && (!name || data?.get(name) === value);
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={pending || disabled}
      aria-disabled={pending || disabled}
      aria-label={ariaLabel}
      className={VARIANTS[variant]}
    >
      {pressed ? pendingLabel : children}
    </button>
  );
}
