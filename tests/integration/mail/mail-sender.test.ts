import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getMailSender, isLocalMail, servesLocalOutbox } from "@/lib/mail/get-mail-sender";
import { logMailSetup } from "@/lib/mail/log-mail-setup";
import { mailLinkBase } from "@/lib/mail/mail-link-base";
import { createSmtpSender } from "@/lib/mail/smtp-sender";

// The production sender against a real SMTP server on loopback (smtp-server, nodemailer's own),
// with a login, as a mail provider's SMTP relay would ask for.

interface Received {
  from: string;
  to: string[];
  raw: string;
  user: string | undefined;
}

const received: Received[] = [];
let server: SMTPServer;
let port = 0;

beforeAll(async () => {
  server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "relay" && auth.password === "relay-pass") callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          user: session.user as string | undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("mail senders", () => {
  it("sends through SMTP with nodemailer, logged in, from MAIL_FROM", async () => {
    const sender = createSmtpSender(`smtp://relay:relay-pass@127.0.0.1:${port}`, "Acme Realty <noreply@acme.test>");
    await sender.send({
      to: "agent@acme.test",
      subject: "Reset your LeadProp password",
      text: "Hello there",
      html: "<p>Hello there</p>",
    });
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail).toMatchObject({ from: "noreply@acme.test", to: ["agent@acme.test"], user: "relay" });
    expect(mail.raw).toContain("Subject: Reset your LeadProp password");
    expect(mail.raw).toContain("From: Acme Realty <noreply@acme.test>");
    expect(mail.raw).toContain("Hello there");
    expect(mail.raw).toContain("text/html");
  });

  it("fails a send the server refuses", async () => {
    const sender = createSmtpSender(`smtp://relay:wrong@127.0.0.1:${port}`, "noreply@acme.test");
    await expect(sender.send({ to: "agent@acme.test", subject: "x", text: "y" })).rejects.toThrow(
      /Invalid login|535|Invalid username/,
    );
  });

  it("chooses SMTP only with SMTP_URL, and then needs MAIL_FROM and NEXTAUTH_URL for links", () => {
    expect(isLocalMail({})).toBe(true);
    // The outbox page (every reset link, no sign-in) only in the embedded default.
    expect(servesLocalOutbox({})).toBe(true);
    expect(servesLocalOutbox({ DATABASE_URL: "postgres://db/crm" })).toBe(false);
    expect(servesLocalOutbox({ SMTP_URL: "smtp://x" })).toBe(false);
    expect(getMailSender({}).kind).toBe("outbox");
    expect(getMailSender({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "a@b.test" }).kind).toBe("smtp");
    expect(() => getMailSender({ SMTP_URL: `smtp://127.0.0.1:${port}` })).toThrow("MAIL_FROM");

    expect(mailLinkBase("http://127.0.0.1:3200", {})).toBe("http://127.0.0.1:3200");
    expect(mailLinkBase("http://evil.test", { NEXTAUTH_URL: "https://crm.acme.test" })).toBe("https://crm.acme.test");
    // With real mail, a request's Host never makes the link.
    expect(() => mailLinkBase("http://evil.test", { SMTP_URL: "smtp://x" })).toThrow("NEXTAUTH_URL");
  });

  it("says at start what SMTP lacks, without the SMTP URL's password", () => {
    const logged = (env: Record<string, string>) => {
      let output = "";
      const capture = (chunk: unknown) => ((output += String(chunk)), true);
      const err = vi.spyOn(process.stderr, "write").mockImplementation(capture);
      const out = vi.spyOn(process.stdout, "write").mockImplementation(capture);
      try {
        logMailSetup(env);
      } finally {
        err.mockRestore();
        out.mockRestore();
      }
      return output;
    };
    const smtp = logged({ SMTP_URL: "smtp://relay:s3cret-relay-pw@mail.acme.test:587" });
    expect(smtp).toContain('"missing":"MAIL_FROM, NEXTAUTH_URL"');
    expect(smtp).not.toContain("s3cret-relay-pw");
    // A deployment on PostgreSQL without SMTP: no outbox page, and the log says mail is not sent.
    expect(logged({ DATABASE_URL: "postgres://db/crm" })).toContain("mail is not sent: set SMTP_URL");
  });
});
