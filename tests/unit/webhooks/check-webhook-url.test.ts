import { afterEach, describe, expect, it, vi } from "vitest";
import { checkWebhookUrl } from "@/lib/webhooks/check-webhook-url";

const PUBLIC = "93.184.216.34";
const resolvingTo =
  (...addresses: string[]) =>
  async () =>
    addresses;

describe("checkWebhookUrl", () => {
  afterEach(() => vi.unstubAllEnvs());

  it.each([
    ["http://127.0.0.1/hook", "must use https"],
    ["http://hooks.example.com/hook", "must use https"],
    ["ftp://hooks.example.com/hook", "must use https"],
    ["https://user:secret@hooks.example.com/hook", "must not contain credentials (user:password@)"],
    ["https://token@hooks.example.com/hook", "must not contain credentials (user:password@)"],
    ["https://127.0.0.1/hook", "is a loopback address (127.0.0.1)"],
    // The URL parser normalizes the other spellings of 127.0.0.1 before we see them.
    ["https://2130706433/hook", "is a loopback address (127.0.0.1)"],
    ["https://0x7f.1/hook", "is a loopback address (127.0.0.1)"],
    ["https://169.254.169.254/latest/meta-data/", "is a link-local (cloud metadata) address (169.254.169.254)"],
    ["https://10.1.2.3/hook", "is a private address (10.1.2.3)"],
    ["https://[::1]/hook", "is a loopback address (::1)"],
    ["https://[::ffff:127.0.0.1]/hook", "is a loopback address (::ffff:7f00:1, which carries 127.0.0.1)"],
    ["https://[fd00::5]:8443/hook", "is a private address (fd00::5)"],
    ["not a url", "is not a valid URL"],
  ])("refuses %s", async (url, reason) => {
    const resolveHost = vi.fn(resolvingTo(PUBLIC));
    expect(await checkWebhookUrl(url, { allowPrivateUrls: false, resolveHost })).toEqual({ ok: false, reason });
  });

  it("refuses a name that resolves to loopback through the system resolver (localhost)", async () => {
    const check = await checkWebhookUrl("https://localhost/hook", { allowPrivateUrls: false });
    expect(check).toMatchObject({ ok: false, reason: expect.stringMatching(/^resolves to a loopback address/) });
  });

  it("refuses a name when any one of its addresses is private", async () => {
    const resolveHost = vi.fn(resolvingTo(PUBLIC, "10.0.0.5"));
    const check = await checkWebhookUrl("https://hooks.example.com/x", { allowPrivateUrls: false, resolveHost });
    expect(check).toEqual({ ok: false, reason: "resolves to a private address (10.0.0.5)" });
    expect(resolveHost).toHaveBeenCalledWith("hooks.example.com");
  });

  it("refuses a name that does not resolve, with the resolver's code", async () => {
    const resolveHost = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    expect(await checkWebhookUrl("https://nowhere.invalid/", { resolveHost })).toEqual({
      ok: false,
      reason: "host could not be resolved (ENOTFOUND)",
      unresolved: true,
    });
    expect(await checkWebhookUrl("https://empty.example/", { resolveHost: resolvingTo() })).toEqual({
      ok: false,
      reason: "host resolves to no address",
      unresolved: true,
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
    expect(await checkWebhookUrl(url, { allowPrivateUrls: false })).toMatchObject({ ok: false });
    vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE_URLS", "");
    expect(await checkWebhookUrl(url)).toEqual({ ok: false, reason: "must use https" });
    expect(await checkWebhookUrl(url, { allowPrivateUrls: true })).toMatchObject({ ok: true });
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
});
