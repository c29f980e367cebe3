import type { NextApiRequest, NextApiResponse } from "next";
import NextAuth from "next-auth";
import { getAuthOptions } from "@/lib/auth/auth-options";

// A browser talking to next-auth's own handler in this process, with our options and a real
// database: the code behind app/api/auth/[...nextauth] and getServerSession, called through
// next-auth's exported Node-style entry (the app-router entry needs Next's request scope). It
// keeps cookies as a browser would (set, replaced, cleared), and a copy of its jar can be
// replayed later, as a thief would replay a saved cookie.

type Jar = Map<string, string>;

export interface AuthAnswer {
  status: number;
  body: unknown;
  /** The cookies the answer set, by name ("" for a cleared one). */
  setCookies: Map<string, string>;
}

const SESSION_COOKIE = "next-auth.session-token";

/** The parts of a Node response next-auth's handler uses, recorded. */
function recordingResponse() {
  const recorded = { status: 200, headers: new Map<string, string | string[]>(), body: undefined as unknown };
  const res = {
    status(code: number) {
      recorded.status = code;
      return res;
    },
    setHeader(name: string, value: string | string[]) {
      recorded.headers.set(name.toLowerCase(), value);
      return res;
    },
    getHeader: (name: string) => recorded.headers.get(name.toLowerCase()),
    end() {},
    json(body: unknown) {
      recorded.body = body;
    },
    send(body: unknown) {
      recorded.body = typeof body === "string" && body.startsWith("{") ? JSON.parse(body) : body;
    },
  };
  return { res: res as unknown as NextApiResponse, recorded };
}

export class AuthBrowser {
  constructor(
    readonly jar: Jar = new Map(),
    private readonly userAgent = "AuthBrowser/1.0",
  ) {}

  /** A second browser holding this one's cookies as they are now. */
  copy(): AuthBrowser {
    return new AuthBrowser(new Map(this.jar), this.userAgent);
  }

  get sessionCookie(): string | undefined {
    return this.jar.get(SESSION_COOKIE);
  }

  async call(method: "GET" | "POST", path: string, body?: Record<string, string>): Promise<AuthAnswer> {
    const req = {
      method,
      query: { nextauth: path.split("/") },
      body,
      cookies: Object.fromEntries(this.jar),
      headers: { host: "localhost:3000", "user-agent": this.userAgent },
    } as unknown as NextApiRequest;
    const { res, recorded } = recordingResponse();
    await NextAuth(req, res, getAuthOptions());
    const setCookies = new Map<string, string>();
    for (const header of [recorded.headers.get("set-cookie") ?? []].flat()) {
      const [pair, ...attributes] = header.split("; ");
      const name = pair.slice(0, pair.indexOf("="));
      const value = decodeURIComponent(pair.slice(pair.indexOf("=") + 1));
      const cleared = value === "" || attributes.some((a) => /^max-age=0$/i.test(a));
      setCookies.set(name, cleared ? "" : value);
      if (cleared) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return { status: recorded.status, body: recorded.body, setCookies };
  }

  private async csrfToken(): Promise<string> {
    const { body } = await this.call("GET", "csrf");
    return (body as { csrfToken: string }).csrfToken;
  }

  /** The sign-in form's request (next-auth/react's signIn("credentials")). */
  async signIn(email: string, password: string): Promise<AuthAnswer> {
    const csrfToken = await this.csrfToken();
    return this.call("POST", "callback/credentials", { email, password, csrfToken, json: "true" });
  }

  /** The "Sign out" button's request (next-auth/react's signOut()). */
  async signOut(): Promise<AuthAnswer> {
    const csrfToken = await this.csrfToken();
    return this.call("POST", "signout", { csrfToken, json: "true" });
  }

  /** GET /api/auth/session: what getServerSession reads for every page, and what a client fetches. */
  async session(): Promise<{ user?: { id: string; accountId: string } }> {
    return (await this.call("GET", "session")).body as { user?: { id: string; accountId: string } };
  }
}
