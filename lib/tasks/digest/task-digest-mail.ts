import { DateTime } from "luxon";
import type { MailMessage } from "@/lib/mail/mail-sender";
import type { DigestAgent } from "./agents-due-a-digest";

export interface DigestTask {
  title: string;
  type: string;
  dueAt: Date;
  leadName: string | null;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

// As the web UI writes times (components/ui/format-date.ts), which lib/ may not import.
const inZone = (at: Date, zone: string, format: string) =>
  DateTime.fromJSDate(at).setZone(zone).setLocale("en-US").toFormat(format);

/** The morning email: the day's tasks, soonest first, each at its time in the agent's zone. */
export function taskDigestEmail(agent: DigestAgent, tasks: readonly DigestTask[], link: string): MailMessage {
  const day = DateTime.fromISO(agent.day).setLocale("en-US").toFormat("cccc d LLLL");
  const line = (task: DigestTask) =>
    `${inZone(task.dueAt, agent.timeZone, "HH:mm ZZZZ")}  ${task.title}${task.leadName ? ` (${task.leadName})` : ""}`;
  const count = `${tasks.length} task${tasks.length === 1 ? "" : "s"}`;
  const text = [`Hi ${agent.name},`, "", `Today, ${day}, you have ${count}:`, "", ...tasks.map(line), "", link].join(
    "\n",
  );
  const html = [
    `<p>Hi ${escapeHtml(agent.name)},</p>`,
    `<p>Today, ${escapeHtml(day)}, you have ${count}:</p>`,
    `<ul>${tasks.map((task) => `<li>${escapeHtml(line(task))}</li>`).join("")}</ul>`,
    `<p><a href="${escapeHtml(link)}">Open your tasks</a></p>`,
  ].join("\n");
  return { to: agent.email, subject: `Your tasks today: ${count}`, text, html };
}
