import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { activities, events, leads } from "@/db/schema";
import { loadColumnAction, moveCardAction } from "@/app/(app)/leads/board/actions";
import { countLeadsByStatus } from "@/lib/board/count-leads-by-status";
import { BOARD_PAGE_SIZE } from "@/lib/board/list-board-column";
import { loadBoard } from "@/lib/board/load-board";
import { newId } from "@/lib/ids/new-id";
import { getPublicLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { agencyWithStaff, leadOf } from "./web-fixtures";

// The pipeline board (issue 24): columns page by keyset with their totals, and a move is the
// same status change as PATCH /leads/:id, with its activity and event.
describe(`pipeline board on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  it("each column pages 25 cards at a time, newest first, with the column's total", async () => {
    const a = await agencyWithStaff("Board Homes");
    const db = await getDb();
    // 30 qualified leads created a second apart, and 2 won, one of them the staff member's.
    const base = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: 30 }, (_, i) => ({
      id: newId("lead"),
      accountId: a.accountId,
      name: `Qualified ${i}`,
      status: "qualified" as const,
      createdAt: new Date(base + i * 1000),
    }));
    await db.insert(leads).values(rows);
    await leadOf(a, { name: "Won mine", status: "won", assignedTo: a.staff.userId });
    await leadOf(a, { name: "Won other", status: "won" });

    const board = await loadBoard(a.accountId, {});
    const qualified = board.find((c) => c.status === "qualified")!;
    expect(qualified.total).toBe(30);
    expect(qualified.cards).toHaveLength(BOARD_PAGE_SIZE);
    expect(qualified.cards[0].name).toBe("Qualified 29");
    expect(qualified.hasMore).toBe(true);
    expect(board.find((c) => c.status === "won")).toMatchObject({ total: 2, hasMore: false });
    expect(board.find((c) => c.status === "new")).toMatchObject({ total: 0, cards: [] });

    const more = await loadColumnAction.run(a.staff, { status: "qualified", mine: false, cursor: qualified.cursor });
    if (!more.ok) throw new Error(more.message);
    expect(more.data.cards.map((c) => c.name)).toEqual([4, 3, 2, 1, 0].map((i) => `Qualified ${i}`));
    expect(more.data.hasMore).toBe(false);

    // A cursor is bound to its column and filter: another column's is refused, in words.
    const wrong = await loadColumnAction.run(a.staff, { status: "won", mine: false, cursor: qualified.cursor });
    expect(wrong).toMatchObject({ ok: false, message: expect.any(String) });
    expect(await loadColumnAction.run(a.staff, { status: "nope", mine: false, cursor: "x" })).toMatchObject({
      ok: false,
    });

    // "My leads": only the signed-in person's.
    const mine = await loadBoard(a.accountId, { assignedTo: a.staff.userId });
    expect(mine.find((c) => c.status === "won")!.cards.map((c) => c.name)).toEqual(["Won mine"]);
    expect(await countLeadsByStatus(a.accountId, { assignedTo: a.staff.userId })).toMatchObject({
      won: 1,
      qualified: 0,
    });
  });

  it("a move writes lead_status_changed and lead.status_changed; another account's lead is not found", async () => {
    const a = await agencyWithStaff("Move Homes");
    const lead = await leadOf(a, { name: "Mover" });
    const moved = await moveCardAction.run(a.staff, { leadId: lead.id, status: "negotiating" });
    expect(moved).toMatchObject({ ok: true, data: { id: lead.id, status: "negotiating" } });
    expect((await getPublicLeadOrThrow(a.accountId, lead.id)).status).toBe("negotiating");

    const db = await getDb();
    const changes = await db
      .select()
      .from(activities)
      .where(and(eq(activities.leadId, lead.id), eq(activities.type, "lead_status_changed")));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ actorId: a.staff.userId });
    const statusEvents = await db
      .select()
      .from(events)
      .where(and(eq(events.objectId, lead.id), eq(events.type, "lead.status_changed")));
    expect(statusEvents).toHaveLength(1);
    expect(statusEvents[0].data).toMatchObject({
      object: { status: "negotiating" },
      previousAttributes: { status: "new" },
    });

    // Dropping it where it already is changes nothing and writes nothing.
    expect(await moveCardAction.run(a.staff, { leadId: lead.id, status: "negotiating" })).toMatchObject({ ok: true });
    expect(
      await db
        .select()
        .from(activities)
        .where(and(eq(activities.leadId, lead.id), eq(activities.type, "lead_status_changed"))),
    ).toHaveLength(1);

    const other = await agencyWithStaff("Stranger Homes");
    expect(await moveCardAction.run(other.staff, { leadId: lead.id, status: "lost" })).toEqual({
      ok: false,
      message: expect.stringMatching(/not found/i),
    });
    expect((await getPublicLeadOrThrow(a.accountId, lead.id)).status).toBe("negotiating");
    // A hand-made request (a status the board never offers) is refused in words, not thrown.
    expect(await moveCardAction.run(a.staff, { leadId: lead.id, status: "archived" })).toEqual({
      ok: false,
      message: "That request is not one this page makes.",
    });
  });
});
