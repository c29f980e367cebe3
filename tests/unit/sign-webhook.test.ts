import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { newEndpointSecret } from "@/lib/webhooks/endpoint-secret";
import { signedWebhookHeaders } from "@/lib/webhooks/sign-webhook";

// Receivers verify with a Standard Webhooks library, so that library is the judge here: whatever
// it accepts and refuses is what our receivers will.
const body = JSON.stringify({ type: "lead.updated", data: { object: { id: "lead_1", name: "Ada" } } });
// 999 ms past a whole second: the header must carry the second the library signed.
const timestamp = new Date(Math.floor(Date.now() / 1000) * 1000 + 999);

function headersFor(secrets: string[], payload = body) {
  return signedWebhookHeaders({ id: "evt_1", timestamp, body: payload, secrets });
}

describe("endpoint secrets", () => {
  it("are whsec_ and 24 random bytes in base64, which the library accepts", () => {
    const secret = newEndpointSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice("whsec_".length), "base64")).toHaveLength(24);
    expect(() => new Webhook(secret)).not.toThrow();
    expect(newEndpointSecret()).not.toBe(secret);
  });
});

describe("signed webhook headers", () => {
  it("verify with the endpoint's secret", () => {
    const secret = newEndpointSecret();
    const headers = headersFor([secret]);
    expect(headers["webhook-id"]).toBe("evt_1");
    expect(headers["webhook-timestamp"]).toBe(String(Math.floor(timestamp.getTime() / 1000)));
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("after a roll carry both signatures, so the old and the new secret each verify", () => {
    const [previous, current] = [newEndpointSecret(), newEndpointSecret()];
    const headers = headersFor([current, previous]);
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(headers["webhook-signature"]).toMatch(/^v1,\S+ v1,\S+$/);
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newEndpointSecret()).verify(body, headers)).toThrow(/No matching signature/);
  });

  it("do not verify a changed body or a changed id", () => {
    const [previous, current] = [newEndpointSecret(), newEndpointSecret()];
    const headers = headersFor([current, previous]);
    const changed = body.replace("Ada", "Eve");
    for (const secret of [previous, current]) {
      expect(() => new Webhook(secret).verify(changed, headers)).toThrow(/No matching signature/);
      expect(() => new Webhook(secret).verify(body, { ...headers, "webhook-id": "evt_2" })).toThrow();
    }
  });

  it("refuse to sign without a secret", () => {
    expect(() => headersFor([])).toThrow(/at least one signing secret/);
  });
});
