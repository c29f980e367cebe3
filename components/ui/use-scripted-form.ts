"use client";

import { useState, useTransition, type FormEvent } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * A form sent by script, not as a form action: the sign-in, the signup's last step, an invite's
 * accept and the password change each keep the typed password at hand after their action, to sign
 * the browser in with it. The form is a POST and its button stays disabled until hydrated: pressed
 * earlier the browser would send it itself, and a GET would put the password in the address.
 *
 * `submit` gets the form's fields (and the form, to reset it) inside a transition; what it answers,
 * unless undefined, becomes the form's state. `sending`, when given, is the state as soon as the form
 * is sent (the sign-in drops its last error). Spread `formProps` on the <form>, and disable its
 * button with `buttonDisabled`.
 */
export function useScriptedForm<S>(
  initialState: S | (() => S),
  submit: (fields: FormData, form: HTMLFormElement) => Promise<S | undefined>,
  options: { sending?: S } = {},
) {
  const [state, setState] = useState<S>(initialState);
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    startTransition(async () => {
      if ("sending" in options) setState(options.sending as S);
      const next = await submit(fields, form);
      if (next !== undefined) setState(next);
    });
  }

  return {
    state,
    pending,
    buttonDisabled: pending || !hydrated,
    formProps: { method: "post", onSubmit, noValidate: true } as const,
  };
}
