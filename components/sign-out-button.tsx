"use client";

import { useState } from "react";
import { signOut } from "next-auth/react";
import { styles } from "@/components/ui/styles";

export function SignOutButton() {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      className={`${styles.secondaryButton} whitespace-nowrap`}
      onClick={() => {
        setPending(true);
        void signOut({ callbackUrl: "/login" });
      }}
    >
      {pending ? "Signing out…" : "Sign out"}
    </button>
  );
}
