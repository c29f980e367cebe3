import { CLI_AUDIT_ACTOR } from "@/lib/audit/audit-actors";
import { ApiError } from "@/lib/errors/api-error";
import { UsageError, parseFlags } from "./usage";

/** The service's validation error names its field; on the command line, name the flag. */
async function flagErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const detail = error instanceof ApiError && error.code === "validation_error" ? error.details?.[0] : undefined;
    throw detail ? new UsageError(`--${detail.path}: ${detail.message}`) : error;
  }
}

// SMS: the account's own number (the operator's setting) and the log provider's simulated reply.
// The services are imported once the arguments have passed (commands.ts).
export const SMS_COMMANDS: Record<string, (args: string[]) => Promise<unknown>> = {
  "account sms-number": async (args) => {
    const f = parseFlags(args, ["email", "number"]);
    const { getMembershipByEmailOrThrow } = await import("@/lib/users/get-membership-by-email");
    const { setAccountSmsNumber } = await import("@/lib/accounts/set-account-sms-number");
    const owner = await getMembershipByEmailOrThrow(f.email);
    return flagErrors(() =>
      setAccountSmsNumber(owner.accountId, f.number === "none" ? null : f.number, CLI_AUDIT_ACTOR),
    );
  },
  // The same path as Twilio's inbound webhook, with the account named by its owner's email.
  "sms receive": async (args) => {
    const f = parseFlags(args, ["account-email", "from", "body"]);
    const { getMembershipByEmailOrThrow } = await import("@/lib/users/get-membership-by-email");
    const { simulateInboundSms } = await import("@/lib/sms/simulate-inbound-sms");
    const owner = await getMembershipByEmailOrThrow(f["account-email"]);
    const received = await flagErrors(() => simulateInboundSms(owner.accountId, f.from, f.body));
    return {
      accountId: received.accountId,
      leadId: received.leadId,
      leadCreated: received.leadCreated,
      keyword: received.keyword?.keyword ?? null,
      sms: received.sms,
    };
  },
};
