import { rmSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MIGRATIONS, migrationsUpTo, openEngine } from "../helpers/migrated-engine";

// Migration 0017 carries every STOP kept on a lead (issue 31, finding 3) over to sms_opt_outs, the
// number's opt-out, for the account's sending number; and gives the log provider's past texts an
// id, so replies to them still route. Run on a database migrated up to 0016 with data in it.

const BEFORE = "0016_lead_name_sort_index";

describe("migration 0017: sms_opt_outs", () => {
  it("carries lead-level STOPs over to the number, per account and sending number", async () => {
    const engine = await openEngine();
    const before = migrationsUpTo(BEFORE);
    try {
      await engine.migrate(before);
      await engine.query(`
        insert into accounts (id, name, sms_number) values
          ('acc_shared', 'Shared', null), ('acc_own', 'Own', '+16285550100');
        insert into leads (id, account_id, name, phone, sms_opt_out, sms_opt_out_by_recipient, deleted_at) values
          ('lead_1', 'acc_shared', 'Stopped', '+14155550300', true, true, null),
          ('lead_2', 'acc_shared', 'Same number', '+14155550300', true, true, now()),
          ('lead_3', 'acc_own', 'Stopped', '+14155550300', true, true, null),
          ('lead_4', 'acc_own', 'Staff opt-out', '+14155550301', true, false, null),
          ('lead_5', 'acc_own', 'No phone', null, true, true, null);
        insert into sms_messages (id, account_id, lead_id, direction, "to", message, status, provider, provider_message_id) values
          ('sms_log', 'acc_shared', 'lead_1', 'outbound', '+14155550300', 'Hi', 'sent', 'log', null),
          ('sms_sched', 'acc_shared', 'lead_1', 'outbound', '+14155550300', 'Later', 'cancelled', 'log', null),
          ('sms_twilio', 'acc_own', 'lead_3', 'outbound', '+14155550300', 'Hi', 'failed', 'twilio', null);
      `);
      await engine.migrate(MIGRATIONS);
      const optOuts = await engine.query(
        "select account_id, phone, sender, sms_id from sms_opt_outs order by account_id, phone",
      );
      expect(optOuts).toEqual([
        { account_id: "acc_own", phone: "+14155550300", sender: "+16285550100", sms_id: null },
        { account_id: "acc_shared", phone: "+14155550300", sender: "shared", sms_id: null },
      ]);
      const ids = await engine.query("select id, provider_message_id from sms_messages order by id");
      expect(ids).toEqual([
        { id: "sms_log", provider_message_id: "log_sms_log" },
        { id: "sms_sched", provider_message_id: null },
        { id: "sms_twilio", provider_message_id: null },
      ]);
    } finally {
      rmSync(before, { recursive: true, force: true });
      await engine.close();
    }
  });
});
