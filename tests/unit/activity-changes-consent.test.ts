import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ActivityChanges } from "@/components/leads/activity-changes";

// The timeline shows an sms_consent_changed as the record's status, source and time, not its JSON.
describe("ActivityChanges for a consent change", () => {
  it("shows old and new consent by status, source and time", () => {
    const unknown = { status: "unknown", at: null, source: null, text: null, ip: null };
    const revoked = {
      status: "revoked",
      at: "2026-11-22T09:30:00.000Z",
      source: "SMS reply STOP",
      text: "STOP",
      ip: null,
    };
    const html = renderToStaticMarkup(
      createElement(ActivityChanges, {
        data: { changes: { "consent.sms": [unknown, revoked] } },
        names: { members: new Map(), properties: new Map() },
        zone: "UTC",
        currency: "USD",
      }),
    );
    expect(html).toContain("SMS consent");
    expect(html).toContain("unknown");
    expect(html).toContain("revoked · SMS reply STOP · Sun 22 Nov, 09:30 UTC");
    expect(html).not.toContain("{");
  });
});
