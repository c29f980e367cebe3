import { isLocalMail } from "./get-mail-sender";

type Env = Record<string, string | undefined>;

/**
 * Where links in an email point: NEXTAUTH_URL, the app's public URL. Never the request's Host
 * header when mail really goes out: a forged Host would put a reset token in a link to someone
 * else's site. The local outbox may use the request's origin (it is read on this same server).
 */
export function mailLinkBase(requestOrigin: string | null, env: Env = process.env): string {
  if (env.NEXTAUTH_URL) return env.NEXTAUTH_URL;
  if (isLocalMail(env) && requestOrigin) return requestOrigin;
  throw new Error("NEXTAUTH_URL must be set when SMTP_URL is: links in emails point to it");
}
