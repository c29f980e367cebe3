"use client";

import { useState } from "react";

// React resets a form after its action, to each field's *first* default (selects keep the
// option they mounted with). Keying the <form> on this number remounts it after every
// result, so its fields show what the server rendered or echoed back, never stale values.
// (The "store the previous value in state" pattern: setState during render, same component.)
export function useFormVersion(state: unknown): number {
  const [seen, setSeen] = useState({ state, version: 0 });
  if (seen.state !== state) {
    setSeen({ state, version: seen.version + 1 });
    return seen.version + 1;
  }
  return seen.version;
}
