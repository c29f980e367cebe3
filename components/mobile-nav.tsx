"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { NavLink } from "@/components/ui/nav-link";
import { SignOutButton } from "@/components/sign-out-button";
import { styles } from "@/components/ui/styles";

interface MobileNavProps {
  sections: ReadonlyArray<{ href: string; label: string }>;
  userName: string;
  /** "Agency · Agency plan · Owner": who is signed in where, as the desktop header says it. */
  userSummary: string;
}

// The phone's navigation: a "Menu" button opening a sheet with the main sections and the user's
// own links. Radix Dialog gives the modal behaviour people expect (focus moves in and is trapped,
// Escape or the overlay closes it, focus returns to the button, the page behind does not scroll).
export function MobileNav({ sections, userName, userSummary }: MobileNavProps) {
  const [open, setOpen] = useState(false);
  // Following a link closes the sheet, also when the link is the page already shown (no route
  // change would close it then).
  const closeOnLink = (event: React.MouseEvent) => {
    if ((event.target as HTMLElement).closest("a")) setOpen(false);
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={`${styles.secondaryButton} md:hidden`}>
        <MenuIcon />
        Menu
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.modalOverlay} />
        <Dialog.Content
          aria-describedby={undefined}
          onClick={closeOnLink}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,calc(100vw-3rem))] flex-col gap-5 overflow-y-auto bg-white p-4 shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between gap-3">
            <Dialog.Title className="text-base font-semibold text-slate-900">Menu</Dialog.Title>
            <Dialog.Close className={`${styles.smallButton} px-2 py-1.5`} aria-label="Close menu">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <nav aria-label="Main" className="flex flex-col gap-1">
            {sections.map((section) => (
              <NavLink key={section.href} href={section.href} variant="sheet">
                {section.label}
              </NavLink>
            ))}
          </nav>
          <div className="border-t border-slate-200 pt-4">
            <p className="truncate text-sm font-medium text-slate-900">{userName}</p>
            <p className="truncate text-sm text-slate-500">{userSummary}</p>
            <nav aria-label="Your account" className="mt-2 flex flex-col gap-1">
              <NavLink href="/profile" exact variant="sheet">
                Profile and time zone
              </NavLink>
              <NavLink href="/profile/password" exact variant="sheet">
                Change password
              </NavLink>
            </nav>
            <div className="mt-3">
              <SignOutButton />
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function MenuIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M3 5h14M3 10h14M3 15h14" strokeLinecap="round" />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
    </svg>
  );
}
