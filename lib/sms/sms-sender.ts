import type { Account } from "@/db/schema";

/** The installation's shared number (TWILIO_FROM_NUMBER, or the Messaging Service's pool), as the
 * `sender` of an opt-out: one value whatever the pool picks, since a STOP to it covers them all. */
export const SHARED_SENDER = "shared";

/** The number an account texts from, as opt-outs are keyed: its own, else the shared one. */
export const senderOf = (account: Pick<Account, "smsNumber">): string => account.smsNumber ?? SHARED_SENDER;

/** The number an inbound message reached, as opt-outs are keyed: the routed account's own
 * number when it was sent to it, else the shared one. */
export const inboundSenderOf = (account: Pick<Account, "smsNumber">, to: string): string =>
  account.smsNumber !== null && account.smsNumber === to ? to : SHARED_SENDER;
