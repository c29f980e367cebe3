import { getServerSession } from "next-auth";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as downloadFailedRows } from "@/app/(app)/leads/import/[id]/failed-rows/route";
import { agencyWithStaff } from "../web/web-fixtures";
import { upload } from "./import-fixtures";

vi.mock("next-auth", async (original) => ({ ...(await original<object>()), getServerSession: vi.fn() }));

const signedInAs = (member: { userId: string; accountId: string }) =>
  vi.mocked(getServerSession).mockResolvedValue({
    user: { id: member.userId, accountId: member.accountId },
  });

const download = (id: string) =>
  downloadFailedRows(new Request(`http://localhost/leads/import/${id}/failed-rows`), {
    params: Promise.resolve({ id }),
  });

afterEach(() => {
  vi.mocked(getServerSession).mockReset();
});

// Issue 31, finding 12: the failed-rows download is guarded as every page is.
describe("GET /leads/import/:id/failed-rows", () => {
  it("serves a member and sends a signed-out visitor to sign in, as every page does (issue 31, finding 12)", async () => {
    const agency = await agencyWithStaff("Import Guard Realty");
    const id = await upload(agency.staff, "Name;Email\r\nAda;not-an-email\r\n");

    signedInAs(agency.staff);
    const ok = await download(id);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    await ok.body?.cancel();

    vi.mocked(getServerSession).mockResolvedValue(null);
    await expect(download(id)).rejects.toMatchObject({ digest: expect.stringContaining("/login") });
  });
});
