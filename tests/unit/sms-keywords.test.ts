import { describe, expect, it } from "vitest";
import { smsKeywordOf } from "@/lib/sms/sms-keywords";

// Carriers match the whole message, in any case: a keyword inside a sentence is conversation.
describe("smsKeywordOf", () => {
  const cases = (word: string) => [
    word,
    word.toLowerCase(),
    word[0] + word.slice(1).toLowerCase(),
    ` ${word}\n`,
    `${word}.`,
    `${word}!`,
  ];

  it.each(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"])("%s in any case opts out", (word) => {
    for (const body of cases(word)) expect(smsKeywordOf(body), body).toEqual({ action: "opt_out", keyword: word });
  });

  it.each(["START", "UNSTOP", "YES"])("%s in any case opts in", (word) => {
    for (const body of cases(word)) expect(smsKeywordOf(body), body).toEqual({ action: "opt_in", keyword: word });
  });

  it("HELP is recognised", () => {
    expect(smsKeywordOf("help")).toEqual({ action: "help", keyword: "HELP" });
  });

  it.each(["please stop calling me", "stop it", "STOP STOP", "Yes please", "stopp", "s t o p", "", "?"])(
    "%j is a message, not a keyword",
    (body) => expect(smsKeywordOf(body)).toBeNull(),
  );
});
