import { describe, expect, it } from "vitest";
import { isLoopbackAddress, metricsRefusal, type MetricsCaller } from "@/lib/observability/metrics-access";

// Who may read GET /api/metrics (lib/observability/metrics-access.ts): the token when one is set,
// else loopback only, judged by the socket's peer when known and by the headers when not.

const caller = (over: Partial<MetricsCaller>): MetricsCaller => ({
  authorization: null,
  peer: null,
  host: null,
  forwarded: false,
  ...over,
});

const codeOf = (c: MetricsCaller, token?: string) => metricsRefusal(c, token)?.code ?? "allowed";

describe("metrics access", () => {
  it("with METRICS_TOKEN: the bearer token exactly, from anywhere; anything else is 401 unauthorized", () => {
    const remote = { peer: { address: "203.0.113.9", forwarded: true, client: "203.0.113.9" } };
    expect(codeOf(caller({ ...remote, authorization: "Bearer s3cret-token" }), "s3cret-token")).toBe("allowed");
    expect(codeOf(caller({ ...remote, authorization: "bearer s3cret-token" }), "s3cret-token")).toBe("allowed");
    for (const authorization of [
      null,
      "",
      "Bearer",
      "Bearer ",
      "Bearer s3cret-tokeN",
      "Bearer s3cret",
      "s3cret-token",
    ]) {
      expect(codeOf(caller({ ...remote, authorization }), "s3cret-token"), String(authorization)).toBe("unauthorized");
    }
    // Loopback is no way around a token that is set.
    const local = caller({ peer: { address: "127.0.0.1", forwarded: false, client: "127.0.0.1" }, host: "localhost" });
    expect(codeOf(local, "s3cret-token")).toBe("unauthorized");
    expect(metricsRefusal(local, "s3cret-token")?.status).toBe(401);
  });

  it("without a token: a loopback peer that did not come through a proxy", () => {
    const peer = (address: string, forwarded = false) =>
      caller({ peer: { address, forwarded, client: address }, host: "example.com" });
    expect(codeOf(peer("127.0.0.1"))).toBe("allowed");
    expect(codeOf(peer("127.1.2.3"))).toBe("allowed");
    expect(codeOf(peer("::1"))).toBe("allowed");
    expect(codeOf(peer("::ffff:127.0.0.1"))).toBe("allowed");
    // A proxy on this host connects from loopback for remote clients, and says so.
    expect(codeOf(peer("127.0.0.1", true))).toBe("forbidden");
    for (const address of ["10.0.0.7", "192.0.2.2", "::ffff:10.0.0.7", "fd00::2", "", "0.0.0.0"]) {
      expect(codeOf(peer(address)), address).toBe("forbidden");
    }
    expect(metricsRefusal(peer("10.0.0.7"))?.status).toBe(403);
  });

  it("without a token or a peer: a loopback Host and no forwarding header (what `next start` never sends)", () => {
    for (const host of ["localhost", "localhost:3000", "127.0.0.1:3000", "[::1]:3000"]) {
      expect(codeOf(caller({ host })), host).toBe("allowed");
      expect(codeOf(caller({ host, forwarded: true })), host).toBe("forbidden");
    }
    for (const host of [null, "", "example.com", "localhost.example.com", "127.0.0.1.nip.io", "[::2]:3000"]) {
      expect(codeOf(caller({ host })), String(host)).toBe("forbidden");
    }
  });

  it("loopback addresses", () => {
    expect(["127.0.0.1", "127.255.255.254", "::1", "::ffff:127.0.0.1"].every(isLoopbackAddress)).toBe(true);
    expect(["128.0.0.1", "1127.0.0.1", "127.0.0.1.5", "::2", "localhost"].some(isLoopbackAddress)).toBe(false);
  });
});
