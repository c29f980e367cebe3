import { z } from "zod";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import { PLANS } from "@/lib/domain/enums";

// The token in a signup link: the signup form's answers and an expiry, sealed with
// DATA_ENCRYPTION_KEY (AES-256-GCM), so nothing is stored until the address is proven and no one
// can forge or alter a link. It holds no password (chosen on the page the link opens), and it is
// good once in effect: the account it creates takes the email, and a second use finds it taken.
export const SIGNUP_LINK_TTL_MS = 24 * 60 * 60_000;

const payloadSchema = z.object({
  kind: z.literal("signup"),
  agencyName: z.string(),
  name: z.string(),
  email: z.string(),
  plan: z.enum(PLANS),
  timezone: z.string().optional(),
  expiresAt: z.number(),
});

export type SignupLinkPayload = Omit<z.infer<typeof payloadSchema>, "kind" | "expiresAt">;

export function sealSignupLink(payload: SignupLinkPayload, now: Date): string {
  return sealSecret(JSON.stringify({ kind: "signup", ...payload, expiresAt: now.getTime() + SIGNUP_LINK_TTL_MS }));
}

/** The signup a link stands for, or null when it is altered, not a signup link, or expired. */
export function openSignupLink(token: string, now: Date): SignupLinkPayload | null {
  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(JSON.parse(openSecret(token)));
  } catch {
    return null;
  }
  if (parsed.expiresAt <= now.getTime()) return null;
  return {
    agencyName: parsed.agencyName,
    name: parsed.name,
    email: parsed.email,
    plan: parsed.plan,
    timezone: parsed.timezone,
  };
}
