"use client";

import { useEffect } from "react";
import { FormMessage } from "./form-message";

// A one-time message carried in the URL after a redirect (`?notice=…`). Once shown, the
// parameter is dropped from the address, so a reload or the page's next update does not
// show it again.
export function FlashNotice({ children, param = "notice" }: { children: React.ReactNode; param?: string }) {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(param)) return;
    url.searchParams.delete(param);
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, [param]);
  return <FormMessage tone="success">{children}</FormMessage>;
}
