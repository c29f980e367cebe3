// One way to send an email, two implementations: SMTP through nodemailer in production
// (smtp-sender.ts), the local outbox in the embedded default (outbox-sender.ts).

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text body: every mail has one. */
  text: string;
  html?: string;
}

export interface MailSender {
  kind: "smtp" | "outbox";
  /** Sends (or keeps) the message; throws when the server refuses it or cannot be reached. */
  send(message: MailMessage): Promise<void>;
  /** Keeps several messages at once, all or none (the outbox: one insert, not one per message). */
  sendMany?(messages: readonly MailMessage[]): Promise<void>;
}

/** A promise's outcome as Promise.allSettled reports it. */
const settle = (work: Promise<void>): Promise<PromiseSettledResult<void>> =>
  work.then(
    () => ({ status: "fulfilled", value: undefined }),
    (reason: unknown) => ({ status: "rejected", reason }),
  );

/** Sends each message: in one go where the sender can, else one after another (an SMTP server
 * takes one message at a time per connection). Answers each message's outcome, in order. */
export async function sendEach(
  sender: MailSender,
  messages: readonly MailMessage[],
): Promise<PromiseSettledResult<void>[]> {
  if (sender.sendMany && messages.length > 1) {
    const outcome = await settle(sender.sendMany(messages));
    return messages.map(() => outcome);
  }
  const results: PromiseSettledResult<void>[] = [];
  for (const message of messages) results.push(await settle(sender.send(message)));
  return results;
}
