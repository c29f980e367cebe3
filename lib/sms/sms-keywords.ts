// The carrier keywords (CTIA; Twilio's defaults). Like carriers, only a message that is the
// keyword and nothing else counts: "please stop calling me" is a conversation, not an opt-out.
// Case, surrounding spaces and trailing "." or "!" are ignored, erring towards honouring a STOP.
const OPT_OUT = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"] as const;
const OPT_IN = ["START", "UNSTOP", "YES"] as const;

export type SmsKeyword =
  | { action: "opt_out"; keyword: (typeof OPT_OUT)[number] }
  | { action: "opt_in"; keyword: (typeof OPT_IN)[number] }
  | { action: "help"; keyword: "HELP" };

export function smsKeywordOf(body: string): SmsKeyword | null {
  const word = body
    .trim()
    .replace(/[.!]+$/, "")
    .toUpperCase();
  const optOut = OPT_OUT.find((k) => k === word);
  if (optOut) return { action: "opt_out", keyword: optOut };
  const optIn = OPT_IN.find((k) => k === word);
  if (optIn) return { action: "opt_in", keyword: optIn };
  return word === "HELP" ? { action: "help", keyword: "HELP" } : null;
}
