import { describe, expect, it } from "vitest";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { config } from "@/proxy";

// The session proxy must guard every app page and stay off the API (its cost matters there),
// the docs, Next's assets, static files and the public pages.
const runs = (url: string) => unstable_doesMiddlewareMatch({ config, url });

describe("proxy matcher", () => {
  it.each([
    "/settings",
    "/settings/api",
    "/settings/team",
    "/leads",
    "/leads/lead_01abc",
    "/leads/board?mine=1",
    "/leads/import",
    "/leads/import/limp_01abc",
    "/leads/import/upload-help",
    "/dashboard",
    "/properties",
    "/visits?status=scheduled",
    "/outbox",
    "/messages",
    "/apiary",
    "/login-help",
    "/invites",
    "/change-password",
    "/profile/password",
    "/developer",
  ])("guards %s", (url) => expect(runs(url)).toBe(true));

  it.each([
    "/",
    "/login",
    "/login?callbackUrl=%2Fsettings",
    "/signup",
    "/forgot-password",
    "/reset-password?token=abc",
    "/invite?token=abc",
    "/dev/mail",
    "/dev/mail/mail_01abc",
    "/docs",
    "/docs/leads",
    "/api/v1/leads",
    "/api/v1/postman.json",
    "/api/auth/session",
    "/api",
    "/_next/static/chunks/a.js",
    "/favicon.ico",
    "/robots.txt",
    "/vendor/standalone.js",
    // The CSV upload route checks the session itself; the proxy would cut its body at 10 MB.
    "/leads/import/upload",
    "/leads/import/upload?name=leads.csv",
  ])("leaves %s alone", (url) => expect(runs(url)).toBe(false));
});
