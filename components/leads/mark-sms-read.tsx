"use client";

import { useEffect, useRef } from "react";

// Marks the lead's new replies read once the SMS thread is on screen: an explicit call of the
// action, never a side effect of rendering the page (a GET, a prefetch or a crawler's visit
// would otherwise read them). On a phone the thread sits below the timeline: until it is
// scrolled into view, the replies stay unread. Renders an empty marker at the thread's end.
export function MarkSmsRead({
  leadId,
  smsIds,
  action,
}: {
  leadId: string;
  /** The unread replies the page showed as new. */
  smsIds: string[];
  action: (formData: FormData) => Promise<void>;
}) {
  const marker = useRef<HTMLSpanElement>(null);
  const key = smsIds.join(",");
  useEffect(() => {
    const element = marker.current;
    if (!element || !key) return;
    let sent = false;
    const markRead = () => {
      if (sent) return;
      sent = true;
      const formData = new FormData();
      formData.set("leadId", leadId);
      for (const id of key.split(",")) formData.append("smsId", id);
      // Unread is only a reminder: if this fails, the replies stay new until the next visit.
      action(formData).catch(() => {});
    };
    if (typeof IntersectionObserver === "undefined") {
      markRead();
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        markRead();
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [leadId, key, action]);
  return <span ref={marker} aria-hidden="true" data-testid="mark-sms-read" />;
}
