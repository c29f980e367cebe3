"use client";

import { useFormStatus } from "react-dom";
import { styles } from "./styles";

// A form's submit button that shows the form is working and cannot be pressed twice.
export function SubmitButton({ children, pendingLabel, variant = "primary" }: { children: React.ReactNode; pendingLabel: string; variant?: "primary" | "danger" }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" disabled={pending} aria-disabled={pending} className={variant === "danger" ? styles.dangerButton : styles.primaryButton}>
      {pending ? pendingLabel : children}
    </button>
  );
}
