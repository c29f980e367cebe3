"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server's HTML and until React has hydrated the component; true after. A form sent
 * by script (an onSubmit that calls signIn or an action by hand) keeps its button disabled until
 * then: pressed earlier, the browser sends the form itself, a GET to the page with every field,
 * the password too, in the address (and so in history and in any proxy's log).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
