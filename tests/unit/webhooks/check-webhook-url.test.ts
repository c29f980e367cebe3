import { Resolver } from "node:dns/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkWebhookUrl, type ResolveHost } from "@/lib/webhooks/check-webhook-url";
import { deadDnsAddress } from "../../helpers/dns-server";

const PUBLIC = "93.184.216.34";
// Production's rules: private addresses refused, and no loopback (a server with DATABASE_URL).
const PRODUCTION = { allowPrivateUrls: false, allowLoopback: false };
const LOOPBACK_HINT = "loopback receivers are accepted only on the embedded database, for local development";
const resolvingTo =
  (...addresses: string[]) =>
  async () =>
    addresses;

describe("checkWebhookUrl", () => {
  afterEach(() => vi.unstubAllEnvs());

  it.each([
    ["http://127.0.0.1/hook", `must use https: ${LOOPBACK_HINT}`],
    ["http://localhost:3000/hook", `must use https: ${LOOPBACK_HINT}`],
    ["http://hooks.example.com/hook", "must use https"],
    ["ftp://hooks.example.com/hook", "must use https"],
    ["https://user:secret@hooks.example.com/hook", "must not contain credentials (user:password@)"],
    ["https://token@hooks.example.com/hook", "must not contain credentials (user:password@)"],
    ["https://127.0.0.1/hook", `is a loopback address (127.0.0.1): ${LOOPBACK_HINT}`],
    // The URL parser normalizes the other spellings of 127.0.0.1 before we see them.
    ["https://2130706433/hook", `is a loopback address (127.0.0.1): ${LOOPBACK_HINT}`],
    ["https://0x7f.1/hook", `is a loopback address (127.0.0.1): ${LOOPBACK_HINT}`],
    ["https://169.254.169.254/latest/meta-data/", "is a link-local (cloud metadata) address (169.254.169.254)"],
    ["https://10.1.2.3/hook", "is a private address (10.1.2.3)"],
    ["https://[::1]/hook", `is a loopback address (::1): ${LOOPBACK_HINT}`],
    [
      "https://[::ffff:127.0.0.1]/hook",
      `is a loopback address (::ffff:7f00:1, which carries 127.0.0.1): ${LOOPBACK_HINT}`,
    ],
    ["https://[fd00::5]:8443/hook", "is a private address (fd00::5)"],
    ["not a url", "is not a valid URL"],
  ])("refuses %s", async (url, reason) => {
    const resolveHost = vi.fn(resolvingTo(PUBLIC));
    expect(await checkWebhookUrl(url, { ...PRODUCTION, resolveHost })).toEqual({ ok: false, reason });
  });

  it("refuses a name that resolves to loopback through the system resolver (localhost)", async () => {
    const check = await checkWebhookUrl("https://localhost/hook", PRODUCTION);
    expect(check).toMatchObject({ ok: false, reason: expect.stringMatching(/^resolves to a loopback address/) });
  });

  it("refuses a name when any one of its addresses is private", async () => {
    const resolveHost = vi.fn(resolvingTo(PUBLIC, "10.0.0.5"));
    const check = await checkWebhookUrl("https://hooks.example.com/x", { allowPrivateUrls: false, resolveHost });
    expect(check).toEqual({ ok: false, reason: "resolves to a private address (10.0.0.5)" });
    expect(resolveHost).toHaveBeenCalledWith("hooks.example.com");
  });

  it.each([
    ["ENOTFOUND", "not_found", "host does not resolve (ENOTFOUND)"],
    ["ENODATA", "not_found", "host does not resolve (ENODATA)"],
    ["EAI_AGAIN", "resolver_failed", "host could not be resolved (EAI_AGAIN)"],
    ["EAI_FAIL", "resolver_failed", "host could not be resolved (EAI_FAIL)"],
    ["ESERVFAIL", "resolver_failed", "host could not be resolved (ESERVFAIL)"],
    ["ETIMEOUT", "resolver_failed", "host could not be resolved (ETIMEOUT)"],
  ])("tells a name that does not exist from a resolver that failed: %s", async (code, unresolved, reason) => {
    const resolveHost = async () => {
      throw Object.assign(new Error(`getaddrinfo ${code} nowhere.example`), { code });
    };
    expect(await checkWebhookUrl("https://nowhere.example/", { resolveHost })).toEqual({
      ok: false,
      reason,
      unresolved,
    });
  });

  it("a name with no address is not found; a real resolver that cannot be reached has failed", async () => {
    expect(await checkWebhookUrl("https://empty.example/", { resolveHost: resolvingTo() })).toEqual({
      ok: false,
      reason: "host resolves to no address",
      unresolved: "not_found",
    });
    const resolver = new Resolver({ timeout: 300, tries: 1 });
    resolver.setServers([await deadDnsAddress()]);
    const resolveHost: ResolveHost = (hostname) => resolver.resolve4(hostname);
    // Refused by the port (ICMP) or, when that is not seen, timed out: either way, no answer.
    expect(await checkWebhookUrl("https://hooks.example.test/", { resolveHost })).toEqual({
      ok: false,
      reason: expect.stringMatching(/^host could not be resolved \((ECONNREFUSED|ETIMEOUT)\)$/),
      unresolved: "resolver_failed",
    });
  });

  it("accepts an https URL whose name resolves to public addresses, and names the first to connect to", async () => {
    const check = await checkWebhookUrl("https://hooks.example.com/in?x=1", {
      allowPrivateUrls: false,
      resolveHost: resolvingTo(PUBLIC, "2606:4700::1111"),
    });
    expect(check).toMatchObject({ ok: true, address: PUBLIC });
    expect(check.ok && check.url.href).toBe("https://hooks.example.com/in?x=1");
  });

  it("reads WEBHOOKS_ALLOW_PRIVATE_URLS at each call; the option overrides it", async () => {
    const url = "http://127.0.0.1:3000/hook";
    vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE_URLS", "1");
    expect(await checkWebhookUrl(url)).toMatchObject({ ok: true, address: "127.0.0.1" });
    expect(await checkWebhookUrl(url, PRODUCTION)).toMatchObject({ ok: false });
    vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE_URLS", "");
    expect(await checkWebhookUrl(url, { allowLoopback: false })).toEqual({
      ok: false,
      reason: `must use https: ${LOOPBACK_HINT}`,
    });
    expect(await checkWebhookUrl(url, { allowPrivateUrls: true, allowLoopback: false })).toMatchObject({ ok: true });
  });

  it("still refuses credentials, other schemes and metadata addresses when private URLs are allowed", async () => {
    const options = { allowPrivateUrls: true };
    expect(await checkWebhookUrl("http://a:b@127.0.0.1/", options)).toMatchObject({ ok: false });
    expect(await checkWebhookUrl("file:///etc/passwd", options)).toMatchObject({ ok: false });
    expect(await checkWebhookUrl("http://169.254.169.254/", options)).toMatchObject({ ok: false });
    const resolveHost = resolvingTo("169.254.169.254");
    expect(await checkWebhookUrl("http://metadata.example/", { ...options, resolveHost })).toMatchObject({
      ok: false,
      reason: "resolves to a link-local (cloud metadata) address (169.254.169.254)",
    });
  });

  describe("a receiver on this computer (loopback)", () => {
    const LOCAL = { allowPrivateUrls: false, allowLoopback: true };

    it.each([
      ["http://127.0.0.1:3000/hook", "127.0.0.1"],
      ["http://127.0.0.53/hook", "127.0.0.53"],
      ["https://127.0.0.1/hook", "127.0.0.1"],
      ["http://[::1]:3000/hook", "::1"],
      ["http://[::ffff:127.0.0.1]/hook", "::ffff:7f00:1"],
    ])("accepts %s when loopback is allowed", async (url, address) => {
      expect(await checkWebhookUrl(url, LOCAL)).toMatchObject({ ok: true, address });
    });

    it("accepts localhost through the system resolver", async () => {
      const check = await checkWebhookUrl("http://localhost:3000/hook", LOCAL);
      expect(check).toMatchObject({ ok: true, address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) });
    });

    it.each([
      ["http://hooks.example.com/hook", [PUBLIC], "must use https (only a receiver on this computer may use http)"],
      ["http://10.1.2.3/hook", [], "must use https (only a receiver on this computer may use http)"],
      [
        "http://mixed.example/hook",
        ["127.0.0.1", "10.0.0.5"],
        "must use https (only a receiver on this computer may use http)",
      ],
      ["https://10.1.2.3/hook", [], "is a private address (10.1.2.3)"],
      ["https://mixed.example/hook", ["127.0.0.1", "10.0.0.5"], "resolves to a private address (10.0.0.5)"],
      ["https://169.254.169.254/", [], "is a link-local (cloud metadata) address (169.254.169.254)"],
      // NAT64 and 6to4 forms of 127.0.0.1 reach a gateway's loopback, not this computer's.
      ["https://[64:ff9b::7f00:1]/", [], "is a loopback address (64:ff9b::7f00:1, which carries 127.0.0.1)"],
      ["http://a:b@127.0.0.1/", [], "must not contain credentials (user:password@)"],
    ])("still refuses %s", async (url, addresses, reason) => {
      expect(await checkWebhookUrl(url, { ...LOCAL, resolveHost: resolvingTo(...addresses) })).toEqual({
        ok: false,
        reason,
      });
    });

    it("is allowed by default on the embedded database only (no DATABASE_URL), read per call", async () => {
      const url = "http://127.0.0.1:3000/hook";
      vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE_URLS", "");
      vi.stubEnv("DATABASE_URL", "");
      expect(await checkWebhookUrl(url)).toMatchObject({ ok: true, address: "127.0.0.1" });
      vi.stubEnv("DATABASE_URL", "postgres://db.example/leadprop");
      expect(await checkWebhookUrl(url)).toEqual({ ok: false, reason: `must use https: ${LOOPBACK_HINT}` });
      expect(await checkWebhookUrl("https://127.0.0.1/")).toEqual({
        ok: false,
        reason: `is a loopback address (127.0.0.1): ${LOOPBACK_HINT}`,
      });
    });
  });
});
