import { afterAll, describe, expect, it } from "vitest";
import { closeDb } from "@/db/client";
import { deleteViewAction, renameViewAction, saveViewAction } from "@/app/(app)/leads/(list)/actions";
import { listSavedLeadViews, SAVED_VIEW_LIMIT, saveLeadView } from "@/lib/saved-lead-views/saved-lead-views";
import { agencyWithStaff, form } from "../web/web-fixtures";

// Saved views of the leads list (issue 35, part 4): a member's own named filters, one name each,
// at most 50, never seen or changed by another member or account.

afterAll(() => closeDb());

const owner = (m: { accountId: string; userId: string }) => ({ accountId: m.accountId, userId: m.userId });

describe("saved lead views", () => {
  it("saves the list's valid filters under a name, lists, renames and deletes them; names are unique per member", async () => {
    const agency = await agencyWithStaff();
    const saved = await saveViewAction.run(
      agency.staff,
      form({
        name: " Hot buyers ",
        listQuery: "status=qualified&tag=buyer&assignedTo=me&status2=x&from=nope&cursor=abc",
      }),
    );
    expect(saved).toMatchObject({ status: "success", message: "Saved “Hot buyers”." });
    const [view] = await listSavedLeadViews(owner(agency.staff));
    // Only what the list reads, as the list writes it: "me" stays "me", an invalid day is dropped.
    expect(view).toMatchObject({ name: "Hot buyers", params: { status: "qualified", tag: "buyer", assignedTo: "me" } });

    expect(await saveViewAction.run(agency.staff, form({ name: "HOT BUYERS", listQuery: "" }))).toMatchObject({
      status: "error",
      fieldErrors: { name: "You already have a view called “HOT BUYERS”. Pick another name." },
    });
    // Another member may use the same name: views are each member's own.
    expect((await saveViewAction.run(agency.owner, form({ name: "Hot buyers", listQuery: "" }))).status).toBe(
      "success",
    );
    expect(await saveViewAction.run(agency.staff, form({ name: "  ", listQuery: "" }))).toMatchObject({
      status: "error",
      fieldErrors: { name: expect.stringMatching(/Name the view/) },
    });

    expect(await renameViewAction.run(agency.staff, form({ viewId: view.id, name: "Qualified buyers" }))).toMatchObject(
      {
        status: "success",
      },
    );
    expect((await listSavedLeadViews(owner(agency.staff))).map((v) => v.name)).toEqual(["Qualified buyers"]);
    expect((await deleteViewAction.run(agency.staff, form({ viewId: view.id }))).status).toBe("success");
    expect(await listSavedLeadViews(owner(agency.staff))).toEqual([]);
    expect(await listSavedLeadViews(owner(agency.owner))).toHaveLength(1);
  });

  it("another member's or another account's view is not found", async () => {
    const agency = await agencyWithStaff();
    const other = await agencyWithStaff("Other Realty");
    const view = await saveLeadView(owner(agency.staff), "Mine", { status: "new" });
    for (const member of [agency.owner, other.owner]) {
      expect(await renameViewAction.run(member, form({ viewId: view.id, name: "Taken" }))).toMatchObject({
        status: "error",
        message: "Saved view not found.",
      });
      expect(await deleteViewAction.run(member, form({ viewId: view.id }))).toMatchObject({ status: "error" });
      expect(await listSavedLeadViews(owner(member))).toEqual([]);
    }
    expect((await listSavedLeadViews(owner(agency.staff))).map((v) => v.name)).toEqual(["Mine"]);
  });

  it(`keeps at most ${SAVED_VIEW_LIMIT} views a member, saves in parallel included`, async () => {
    const agency = await agencyWithStaff();
    for (let i = 0; i < SAVED_VIEW_LIMIT - 2; i++) await saveLeadView(owner(agency.staff), `View ${i}`, {});
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => saveLeadView(owner(agency.staff), `Parallel ${i}`, {})),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected"))
      expect(r.reason).toMatchObject({ code: "validation_error", message: expect.stringMatching(/most you can keep/) });
    expect(await listSavedLeadViews(owner(agency.staff))).toHaveLength(SAVED_VIEW_LIMIT);
  });
});
