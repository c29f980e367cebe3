import { requireMember } from "@/lib/auth/get-current-member";
import { ApiError } from "@/lib/errors/api-error";
import { failedRowsCsv } from "@/lib/imports/failed-rows-csv";

export const dynamic = "force-dynamic";

// GET /leads/import/:id/failed-rows – the import's failed rows with their reasons, as a CSV
// download (streamed). Signed-in members of the import's account only; another account's is a 404.
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  // The pages' guard: signed out → sign-in.
  const member = await requireMember();
  const { id } = await params;
  try {
    const { fileName, chunks } = await failedRowsCsv(member.accountId, id);
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      },
      async cancel() {
        await chunks.return(undefined);
      },
    });
    return new Response(body, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${fileName}"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") return new Response("Not found.", { status: 404 });
    throw error;
  }
}
