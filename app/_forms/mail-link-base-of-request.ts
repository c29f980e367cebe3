import { headers } from "next/headers";
import { mailLinkBase } from "@/lib/mail/mail-link-base";

/** The base of the links a mail sent for this request carries (sign-up, password reset). */
export async function mailLinkBaseOfRequest(): Promise<string> {
  const headerList = await headers();
  const host = headerList.get("host");
  const proto = headerList.get("x-forwarded-proto") ?? "http";
  return mailLinkBase(host ? `${proto}://${host}` : null);
}
