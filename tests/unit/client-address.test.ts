import { describe, expect, it } from "vitest";
import { clientAddress, trustedProxyHops } from "@/lib/observability/client-address";

// Issue 31, finding 7: which X-Forwarded-For entry, if any, is the client.
describe("clientAddress", () => {
  it("with no trusted hop, is the socket's peer whatever X-Forwarded-For says", () => {
    expect(clientAddress("198.51.100.9", "203.0.113.1", 0)).toBe("198.51.100.9");
    expect(clientAddress("::ffff:198.51.100.9", undefined, 0)).toBe("198.51.100.9");
    expect(clientAddress("::1", "127.0.0.1", 0)).toBe("::1");
  });

  it("with trusted hops, is the entry the outermost trusted proxy appended, never one further left", () => {
    // One proxy (10.0.0.2) saw 198.51.100.7; the client had written 203.0.113.1 itself.
    expect(clientAddress("10.0.0.2", "203.0.113.1, 198.51.100.7", 1)).toBe("198.51.100.7");
    expect(clientAddress("10.0.0.2", "198.51.100.7", 1)).toBe("198.51.100.7");
    // Two: a CDN (10.0.0.1 as HAProxy saw it) in front of HAProxy (10.0.0.2).
    expect(clientAddress("10.0.0.2", "203.0.113.1, 198.51.100.7, 10.0.0.1", 2)).toBe("198.51.100.7");
    expect(clientAddress("10.0.0.2", "203.0.113.1,198.51.100.7 ,10.0.0.1", 2)).toBe("198.51.100.7");
    expect(clientAddress("10.0.0.2", "2001:db8::7", 1)).toBe("2001:db8::7");
  });

  it("without the header, or with fewer entries than hops, or a trusted entry that is no address", () => {
    expect(clientAddress("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", "198.51.100.7", 3)).toBe("198.51.100.7");
    expect(clientAddress("10.0.0.2", "203.0.113.1, unknown", 1)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", "203.0.113.1, 1.2.3.4 x", 1)).toBe("10.0.0.2");
  });
});

describe("TRUSTED_PROXY_HOPS", () => {
  it("is a whole number from 0 to 10, 0 when unset; anything else throws", () => {
    expect(trustedProxyHops(undefined)).toBe(0);
    expect(trustedProxyHops("")).toBe(0);
    expect(trustedProxyHops(" 1 ")).toBe(1);
    expect(trustedProxyHops("10")).toBe(10);
    for (const bad of ["-1", "1.5", "true", "11", "0x1", "one"]) {
      expect(() => trustedProxyHops(bad), bad).toThrow(/TRUSTED_PROXY_HOPS/);
    }
  });
});
