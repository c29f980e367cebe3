import { headers } from "next/headers";
import { addressedOrigin } from "@/lib/http/addressed-origin";
import { mailLinkBase } from "@/lib/mail/mail-link-base";

/** The base of the links a mail sent for this request carries (sign-up, password reset). */
export async function mailLinkBaseOfRequest(): Promise<string> {
  return mailLinkBase(addressedOrigin(await headers()));
}
