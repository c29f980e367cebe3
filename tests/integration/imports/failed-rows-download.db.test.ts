import { getServerSession } from "next-auth";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as downloadFailedRows } from "@/app/(app)/leads/import/[id]/failed-rows/route";
import { UNKNOWN_CLIENT } from "@/lib/audit/request-client";
import { addTeamMember } from "@/lib/users/add-team-member";
import { getMember } from "@/lib/users/get-member";
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

// Issue 31, finding 12: the failed-rows download let a member still on the temporary password an
// owner gave them read the file; every other page and download sends them to change it first.
describe("GET /leads/import/:id/failed-rows", () => {
  it("sends a member who must change their password to do so, as every page does (issue 31, finding 12)", async () => {
    const agency = await agencyWithStaff("Import Guard Realty");
    const id = await upload(agency.staff, "Name;Email\r\nAda;not-an-email\r\n");

    signedInAs(agency.staff);
    const ok = await download(id);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    await ok.body?.cancel();

    const { userId } = await addTeamMember({
      accountId: agency.accountId,
      actorUserId: agency.owner.userId,
      origin: UNKNOWN_CLIENT,
      member: { name: "Tess Temp", email: `temp-${Date.now()}@x.test`, password: "temporary-pass-1" },
    });
    const temp = await getMember(agency.accountId, userId);
    expect(temp).toMatchObject({ mustChangePassword: true });
    signedInAs(temp!);
    await expect(download(id)).rejects.toMatchObject({ digest: expect.stringContaining("/change-password") });

    vi.mocked(getServerSession).mockResolvedValue(null);
    await expect(download(id)).rejects.toMatchObject({ digest: expect.stringContaining("/login") });
  });
});
