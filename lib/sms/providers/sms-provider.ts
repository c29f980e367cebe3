// What an SMS provider must do. `accepted: "sent"` for synchronous providers, "queued" where the
// provider accepts and delivers later. Failures throw SmsProviderFailure.
export interface SmsProvider {
  name: string;
  /** `from`: the account's own number, when it has one; else the provider's configured sender. */
  send(message: {
    to: string;
    body: string;
    from?: string;
  }): Promise<{ status: "sent" | "queued"; providerMessageId: string | null }>;
}

export class SmsProviderFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SmsProviderFailure";
  }
}
