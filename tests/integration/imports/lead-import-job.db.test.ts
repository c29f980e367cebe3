import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { activities, events, leadImports, leads } from "@/db/schema";
import { expireOldRecords } from "@/lib/housekeeping/expire-old-records";
import { previewImportAction, startImportAction } from "@/app/(app)/leads/import/actions";
import { createCustomFieldDefinition } from "@/lib/custom-fields/custom-field-definitions";
import { failedRowsCsv } from "@/lib/imports/failed-rows-csv";
import { getLeadImportContent, getLeadImportOrThrow } from "@/lib/imports/lead-import-service";
import { startWorkers } from "@/lib/jobs/start-workers";
import { getPublicLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { importLeadsQueue } from "@/lib/jobs/workers/import-leads";
import { agencyWithStaff, leadOf } from "../web/web-fixtures";
import { upload, waitForImport, wizardForm } from "./import-fixtures";

// Leads → Import end to end: upload, preview, start, and the import-leads job through pg-boss.

beforeAll(async () => {
  vi.stubEnv("JOBS_POLLING_INTERVAL_SECONDS", "0.5");
  await startWorkers([importLeadsQueue]);
}, 60_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  await closeDb();
});

const CSV = [
  "First name;Last name;E-mail;Phone Number;Tags;Budget;Notes",
  "Ada;Lovelace;ada@example.com;(415) 555-0101;buyer, vip;$450,000;",
  'Alan;Turing;ALAN@example.com;;;;"Likes\nnewlines; and semicolons"',
  "Grace;Hopper;not-an-email;;;;",
  ";;;;;;only a note",
  "Edsger;Dijkstra;;(415) 555-0104;;12k;",
].join("\r\n");
const MAPPING = ["firstName", "lastName", "email", "phone", "tags", "budget", "notes"];

async function liveLeads(accountId: string) {
  const db = await getDb();
  return db.select().from(leads).where(eq(leads.accountId, accountId));
}

async function readAll(chunks: AsyncGenerator<string>) {
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return text;
}

describe("lead CSV import", () => {
  it("previews errors, imports, reports and offers the failed rows; a second run with skip creates nothing", async () => {
    const agency = await agencyWithStaff();
    const existing = await leadOf(agency, { name: "Dijkstra", email: null, phone: "+14155550104", notes: null });
    const id = await upload(agency.staff, CSV);

    const preview = await previewImportAction.run(agency.staff, wizardForm(id, MAPPING));
    expect(preview.rows?.map((r) => r.problems)).toEqual([[], [], ["Email: Invalid email"], ["Name: Missing"], []]);
    expect(preview.rows?.[0].lead).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+14155550101",
      tags: ["buyer", "vip"],
      budget: 450000,
    });
    expect(preview.rows?.[1].lead?.notes).toBe("Likes\nnewlines; and semicolons");
    // The preview says which rows match a live lead, and by what.
    expect(preview.rows?.map((r) => r.match)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      { leadId: existing.id, by: "phone" },
    ]);

    expect(await startImportAction.run(agency.staff, wizardForm(id, MAPPING, "merge"))).toEqual({ status: "success" });
    expect((await startImportAction.run(agency.staff, wizardForm(id, MAPPING, "merge"))).message).toMatch(
      /already been started/,
    );
    const done = await waitForImport(agency.accountId, id);
    expect(done).toMatchObject({
      status: "completed",
      processedRows: 5,
      createdCount: 2,
      mergedCount: 1,
      skippedCount: 0,
      failedCount: 2,
    });

    // The merge filled the existing lead's empty budget, as intake does, and kept its name.
    const rows = await liveLeads(agency.accountId);
    expect(rows).toHaveLength(3);
    const merged = rows.find((r) => r.id === existing.id)!;
    expect(merged).toMatchObject({ name: "Dijkstra", budget: 12000 });
    const ada = rows.find((r) => r.email === "ada@example.com")!;
    expect(ada).toMatchObject({
      name: "Ada Lovelace",
      phone: "+14155550101",
      tags: ["buyer", "vip"],
      budget: 450000,
      status: "new",
      smsOptOut: false,
      customFields: {},
      consent: { sms: { status: "unknown" } },
    });
    expect(rows.find((r) => r.email === "alan@example.com")?.notes).toBe("Likes\nnewlines; and semicolons");
    const db = await getDb();
    // Each lead written as the services write it: its activity and its event.
    const [created] = await db.select().from(activities).where(eq(activities.leadId, ada.id));
    const [byService] = await db
      .select()
      .from(activities)
      .where(and(eq(activities.leadId, existing.id), eq(activities.type, "lead_created")));
    expect(created).toMatchObject({
      type: "lead_created",
      summary: "Lead Ada Lovelace created",
      data: byService.data,
      actorType: "user",
      actorId: agency.staff.userId,
      actorName: agency.staff.name,
      createdAt: ada.createdAt,
    });
    // The event carries the lead as GET /leads/:id answers it, at the lead's creation time.
    const [adaEvent] = await db.select().from(events).where(eq(events.objectId, ada.id));
    expect(adaEvent).toMatchObject({ type: "lead.created", createdAt: ada.createdAt });
    expect(adaEvent.data).toEqual({ object: await getPublicLeadOrThrow(agency.accountId, ada.id) });
    const leadEvents = await db
      .select()
      .from(events)
      .where(and(eq(events.accountId, agency.accountId)));
    expect(leadEvents.map((e) => e.type).sort()).toEqual([
      "lead.created",
      "lead.created",
      "lead.created",
      "lead.updated",
    ]);

    const { chunks, fileName } = await failedRowsCsv(agency.accountId, id);
    expect(fileName).toBe("leads-failed-rows.csv");
    expect(await readAll(chunks)).toBe(
      "\uFEFFRow,First name,Last name,E-mail,Phone Number,Tags,Budget,Notes,Reason\r\n" +
        "4,Grace,Hopper,not-an-email,,,,,Email: Invalid email\r\n" +
        "5,,,,,,,only a note,Name: Missing\r\n",
    );

    // The stored file is emptied once the import has ended.
    expect((await getLeadImportContent(agency.accountId, id)).content).toBe("");

    // The same file again, skipping matches: nothing new.
    const again = await upload(agency.staff, CSV);
    await startImportAction.run(agency.staff, wizardForm(again, MAPPING, "skip"));
    expect(await waitForImport(agency.accountId, again)).toMatchObject({
      createdCount: 0,
      skippedCount: 3,
      failedCount: 2,
    });
    expect(await liveLeads(agency.accountId)).toHaveLength(3);
  }, 60_000);

  it("create anyway makes duplicates by email but refuses a taken external id", async () => {
    const agency = await agencyWithStaff();
    const kept = await leadOf(agency, { name: "Kept", email: "dup@example.com", externalId: "crm-1" });
    // Matched through a text[] literal: quotes, commas and backslashes must survive it.
    await leadOf(agency, { name: "Odd", phone: null, externalId: 'a,"b\\c' });
    const id = await upload(
      agency.owner,
      'Name,Email,ID\nOne,dup@example.com,\nTwo,,crm-1\nThree,,crm-2\nFour,,crm-2\nFive,,"a,""b\\c"\n',
    );
    const preview = await previewImportAction.run(agency.owner, wizardForm(id, ["name", "email", "externalId"]));
    expect(preview.rows?.slice(0, 4).map((r) => r.match)).toEqual([
      { leadId: kept.id, by: "email" },
      { leadId: kept.id, by: "externalId" },
      undefined,
      { rowNumber: 4, by: "externalId" },
    ]);
    await startImportAction.run(agency.owner, wizardForm(id, ["name", "email", "externalId"], "create"));
    expect(await waitForImport(agency.accountId, id)).toMatchObject({ createdCount: 2, failedCount: 3 });
    const text = await readAll((await failedRowsCsv(agency.accountId, id)).chunks);
    expect(text).toMatch(/3,Two,,crm-1,External id: already used by lead lead_/);
    expect(text).toMatch(/5,Four,,crm-2,External id: already used by an earlier row of this file/);
    expect(text).toMatch(/6,Five,,"a,""b\\c",External id: already used by lead lead_/);
  }, 60_000);

  it("imports custom fields and Latin-1 text", async () => {
    const agency = await agencyWithStaff();
    await createCustomFieldDefinition(agency.accountId, {
      resource: "lead",
      key: "beds",
      label: "Bedrooms",
      type: "number",
    });
    await createCustomFieldDefinition(agency.accountId, {
      resource: "lead",
      key: "channel",
      label: "Channel",
      type: "single_select",
      options: ["Web", "Phone"],
    });
    // Windows-1252 bytes, as older Excel saves "José Müller": é = 0xE9, ü = 0xFC.
    const text = "Name;Bedrooms;Channel\nJos\u00e9 M\u00fcller;3;web\nBad Option;2;fax\n";
    const id = await upload(agency.owner, Uint8Array.from([...text].map((c) => c.charCodeAt(0))));
    expect((await getLeadImportOrThrow(agency.accountId, id)).encoding).toBe("windows-1252");
    await startImportAction.run(agency.owner, wizardForm(id, ["name", "cf:beds", "cf:channel"]));
    expect(await waitForImport(agency.accountId, id)).toMatchObject({ createdCount: 1, failedCount: 1 });
    expect(await liveLeads(agency.accountId)).toMatchObject([
      { name: "José Müller", customFields: { beds: 3, channel: "Web" } },
    ]);
    const failed = await readAll((await failedRowsCsv(agency.accountId, id)).chunks);
    expect(failed).toContain('\r\n3,Bad Option,2,fax,"Channel: Must be one of: Web, Phone"\r\n');
  }, 60_000);

  it("an upload never started is deleted by housekeeping after a week; a started one is kept", async () => {
    const agency = await agencyWithStaff();
    const [idle, started] = [await upload(agency.staff, "Name\nOne\n"), await upload(agency.staff, "Name\nTwo\n")];
    await startImportAction.run(agency.staff, wizardForm(started, ["name"]));
    await waitForImport(agency.accountId, started);
    const db = await getDb();
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    await db
      .update(leadImports)
      .set({ createdAt: eightDaysAgo })
      .where(inArray(leadImports.id, [idle, started]));
    await expireOldRecords();
    await expect(getLeadImportOrThrow(agency.accountId, idle)).rejects.toMatchObject({ code: "not_found" });
    expect((await getLeadImportOrThrow(agency.accountId, started)).status).toBe("completed");
  });

  it("an error in the data stops the import as failed, keeping the chunks before it", async () => {
    const agency = await agencyWithStaff();
    const db = await getDb();
    // A row PostgreSQL refuses (check_violation) in the second chunk of 250: a retry would meet it again.
    await db.execute(sql`create or replace function import_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'refused' using errcode = '23514'; end $$`);
    await db.execute(sql`create trigger import_test_refuse before insert on leads for each row
      when (new.name = 'Refused by the database') execute function import_test_refuse()`);
    // The failure is logged without the query's parameters: they are the file's rows.
    let logged = "";
    const capture = (chunk: unknown) => ((logged += String(chunk)), true);
    const err = vi.spyOn(process.stderr, "write").mockImplementation(capture);
    const out = vi.spyOn(process.stdout, "write").mockImplementation(capture);
    try {
      const rows = Array.from({ length: 300 }, (_, i) => (i === 280 ? "Refused by the database" : `Row ${i}`));
      const id = await upload(agency.staff, `Name\n${rows.join("\n")}\n`);
      await startImportAction.run(agency.staff, wizardForm(id, ["name"]));
      const done = await waitForImport(agency.accountId, id);
      expect(done).toMatchObject({ status: "failed", processedRows: 250, createdCount: 250 });
      expect(done.error).toMatch(/^The import stopped after an unexpected error/);
      expect(await liveLeads(agency.accountId)).toHaveLength(250);
      await vi.waitFor(() => expect(logged).toContain("lead import failed"));
      expect(logged).toContain("23514: refused");
      expect(logged).not.toMatch(/Row 2\d\d|Refused by the database|Failed query/);
    } finally {
      err.mockRestore();
      out.mockRestore();
      await db.execute(sql`drop trigger import_test_refuse on leads`);
      await db.execute(sql`drop function import_test_refuse()`);
    }
  });

  it("another account's import is not found", async () => {
    const agency = await agencyWithStaff();
    const other = await agencyWithStaff("Other Realty");
    const id = await upload(agency.staff, "Name\nOne\n");
    await expect(getLeadImportOrThrow(other.accountId, id)).rejects.toMatchObject({ code: "not_found" });
    await expect(failedRowsCsv(other.accountId, id)).rejects.toMatchObject({ code: "not_found" });
    expect(await previewImportAction.run(other.staff, wizardForm(id, ["name"]))).toMatchObject({ status: "error" });
    expect(await startImportAction.run(other.staff, wizardForm(id, ["name"]))).toMatchObject({
      status: "error",
      message: "Import not found.",
    });
    expect((await getLeadImportOrThrow(agency.accountId, id)).status).toBe("uploaded");
  });
});
