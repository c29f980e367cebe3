// The browser's side of POST /leads/import/upload: the file's bytes as the body, its name in the
// query. Answers where to go next, or the server's message (the error envelope's) to show.

export type UploadOutcome = { location: string } | { status: number; message: string };

const NOT_SENT = "The file could not be sent. Check your connection and try again.";

export async function uploadImportFile(file: File): Promise<UploadOutcome> {
  let response: Response;
  try {
    response = await fetch(`/leads/import/upload?name=${encodeURIComponent(file.name)}`, {
      method: "POST",
      body: file,
      headers: { "Content-Type": file.type || "text/csv" },
    });
  } catch {
    return { status: 0, message: NOT_SENT };
  }
  const body = (await response.json().catch(() => null)) as {
    data?: { location?: string };
    error?: { message?: string };
  } | null;
  if (response.ok && body?.data?.location) return { location: body.data.location };
  return { status: response.status, message: body?.error?.message ?? NOT_SENT };
}
