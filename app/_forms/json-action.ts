import { revalidatePath } from "next/cache";
import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { requireMember } from "@/lib/auth/get-current-member";
import type { Role } from "@/lib/domain/enums";
import { assertOwner } from "@/lib/users/assert-owner";
import type { Member } from "@/lib/users/get-member";
import { errorState } from "./form-errors";

// formAction's sibling for a call a client component makes with JSON rather than a form (the
// board's card move and "Show more"): the same steps, session member → role → the input parsed
// with zod → the handler (one service) → any refusal in words, and the same options. The answer
// is `{ok: true, data}` or `{ok: false, message}`, never a thrown error, so the caller can roll
// back what it showed (a thrown error would show the error page instead).
//
// `run` is the same steps for a member the caller names, with no refresh: what the integration
// tests call. A browser can only call the action itself, which reads the member from the session.

type JsonResult<T> = { ok: true; data: T } | { ok: false; message: string };

interface JsonOptions<S extends z.ZodType> {
  /** What the caller must send (its input type is the action's parameter); the handler gets its output. */
  schema: S;
  /** `owner`: refused ("Only account owners can do this.") unless the database says owner. */
  role?: Role;
  /** Pages to refresh after a success. */
  revalidate?: readonly string[];
}

/** Takes whatever was sent: the schema decides. */
type JsonRun<R> = (member: Member, input: unknown) => Promise<JsonResult<R>>;
export type JsonAction<I, R> = ((input: I) => Promise<JsonResult<R>>) & { run: JsonRun<R> };

/** What a page's own code never sends: only a hand-made request fails the schema. */
const NOT_OURS = "That request is not one this page makes.";

export function jsonAction<S extends z.ZodType, R>(
  options: JsonOptions<S>,
  handler: (context: { member: Member; input: z.output<S> }) => Promise<R>,
): JsonAction<z.input<S>, R> {
  const run: JsonRun<R> = async (member, raw) => {
    try {
      if (options.role === "owner") await assertOwner(member.accountId, member.userId);
      const parsed = options.schema.safeParse(raw);
      if (!parsed.success) return { ok: false, message: NOT_OURS };
      return { ok: true, data: await handler({ member, input: parsed.data }) };
    } catch (error) {
      unstable_rethrow(error);
      return { ok: false, message: errorState(error).message ?? "The change was not saved." };
    }
  };
  const act = async (input: z.input<S>) => {
    const result = await run(await requireMember(), input);
    if (result.ok) for (const path of options.revalidate ?? []) revalidatePath(path);
    return result;
  };
  return Object.assign(act, { run });
}
