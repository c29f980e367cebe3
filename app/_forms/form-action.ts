import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { redirect, unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import type { FormState } from "@/components/ui/form-state";
import { userAuditActor } from "@/lib/audit/audit-actors";
import type { AuditActor } from "@/lib/audit/record-audit";
import { UNKNOWN_CLIENT, requestClient, type RequestClient } from "@/lib/audit/request-client";
import { requireMember } from "@/lib/auth/get-current-member";
import type { Role } from "@/lib/domain/enums";
import { assertOwner } from "@/lib/users/assert-owner";
import type { Member } from "@/lib/users/get-member";
import { errorState, formValues } from "./form-errors";
import { invalidForm, parseFormInput } from "./parse-form-input";

// The web UI's one door, as apiRoute (lib/api/handler.ts) is the API's: the session's member →
// the role → the FormData parsed with zod → the handler (which calls one service) → any error
// in words for the form. The action then refreshes the pages that show what changed and, when
// the options say so, goes to the next page. Dub's authActionClient, t3's protectedProcedure.
//
// `run` is the same steps for a member the caller names, with no refresh or redirect: what the
// integration tests call. A browser can only call the action itself (the server reference is
// the function, not its properties), and that always reads the member from the session.

/** FormData → what the schema reads, with plainer messages for text that is not a number. */
interface FormInput {
  input: unknown;
  formatErrors?: Record<string, string>;
}

interface FormContext<T> {
  /** The signed-in member, as the database knew them at the start of this request. */
  member: Member;
  input: T;
  formData: FormData;
  /** The text fields as typed (without `omit`), echoed back after an error. */
  values: Record<string, string>;
  origin: RequestClient;
  /** The member as the audit log names them, with the request's origin. */
  audit: AuditActor;
}

/** What the revalidate and redirect options see: the outcome, with the state's own fields. */
type Outcome = FormState & Readonly<Record<string, unknown>>;

interface Options<T> {
  /** What the form must send; the handler gets its output. */
  schema?: z.ZodType<T>;
  /** FormData → the schema's input. Default: the form's text fields by name. */
  input?: (formData: FormData, member: Member) => FormInput;
  /** `owner`: refused ("Only account owners can do this.") unless the database says owner. */
  role?: Role;
  /** Fields never echoed back (passwords). */
  omit?: readonly string[];
  /** What a failed submit echoes back, when the fields by name are not it (ticked boxes). */
  values?: (formData: FormData) => Record<string, string>;
  /** Pages to refresh: a list after a success, or a function of the outcome after any. */
  revalidate?: readonly string[] | ((state: Outcome, formData: FormData) => readonly string[]);
  /** Where to go next, given the outcome; undefined stays on the page. */
  redirect?: (state: Outcome, formData: FormData) => string | undefined;
}

/** The state a form sees: FormState plus the handler's own fields (`leadId`, `createdKey`), each
 * optional since an error state has none of them. */
type KeysOf<S> = S extends unknown ? keyof S : never;
type ValueOf<S, K extends PropertyKey> = S extends { [P in K]?: infer V } ? V : never;
export type StateOf<S> = FormState & { [K in Exclude<KeysOf<S>, keyof FormState>]?: ValueOf<S, K> };

type Handler<T, S> = (context: FormContext<T>) => Promise<S>;
type Run<S> = (member: Member, formData: FormData, origin?: RequestClient) => Promise<S>;

/** For `useActionState`: the previous state, the form, the next state. */
export type StateAction<S> = ((previous: S, formData: FormData) => Promise<S>) & { run: Run<S> };
/** For a plain `<form action>`: the page shows the outcome (after a refresh or a redirect). */
export type PlainAction<S> = ((formData: FormData) => Promise<void>) & { run: Run<S> };

const defaultInput = (formData: FormData): FormInput => ({ input: formValues(formData) });

/** The form's input as the schema outputs it, or each field's error. No schema: nothing to read. */
function parsedInput<T>(
  schema: z.ZodType<T> | undefined,
  read: () => FormInput,
): { input: T; fieldErrors?: never } | { input?: never; fieldErrors: Record<string, string> } {
  if (!schema) return { input: undefined as T };
  const parsed = parseFormInput(schema, read());
  return parsed.fieldErrors ? { fieldErrors: parsed.fieldErrors } : { input: parsed.data };
}

/** The steps after the session: whatever they throw becomes the form's state, in words (a
 * redirect or notFound() is Next's own and passes on). */
async function inWords<S>(values: Record<string, string>, steps: () => Promise<FormState>): Promise<StateOf<S>> {
  try {
    return (await steps()) as StateOf<S>;
  } catch (error) {
    unstable_rethrow(error);
    return errorState(error, values) as StateOf<S>;
  }
}

function runner<T, S extends FormState>(options: Options<T>, handler: Handler<T, S>): Run<StateOf<S>> {
  return async (member, formData, origin = UNKNOWN_CLIENT) => {
    const values = options.values?.(formData) ?? formValues(formData, options.omit);
    return inWords<S>(values, async () => {
      // The role as the database says now, not as the session said when it began.
      const actor = options.role === "owner" ? await assertOwner(member.accountId, member.userId) : member;
      const { input, fieldErrors } = parsedInput(options.schema, () =>
        (options.input ?? defaultInput)(formData, member),
      );
      if (fieldErrors) return invalidForm(fieldErrors, values);
      return handler({ member, input: input as T, formData, values, origin, audit: userAuditActor(actor, origin) });
    });
  };
}

function settle<S extends Outcome>(options: Options<unknown>, state: S, formData: FormData): S {
  const paths =
    typeof options.revalidate === "function"
      ? options.revalidate(state, formData)
      : state.status === "success"
        ? (options.revalidate ?? [])
        : [];
  // "/" refreshes every page: the layout shows the account's name and the member's zone.
  for (const path of paths) {
    if (path === "/") revalidatePath(path, "layout");
    else revalidatePath(path);
  }
  const next = options.redirect?.(state, formData);
  if (next) redirect(next);
  return state;
}

export function formAction<T, S extends FormState>(
  options: Options<T> & { plain: true },
  handler: Handler<T, S>,
): PlainAction<StateOf<S>>;
export function formAction<T, S extends FormState>(
  options: Options<T> & { plain?: false },
  handler: Handler<T, S>,
): StateAction<StateOf<S>>;
export function formAction<T, S extends FormState>(
  options: Options<T> & { plain?: boolean },
  handler: Handler<T, S>,
): StateAction<StateOf<S>> | PlainAction<StateOf<S>> {
  const run = runner(options, handler);
  const act = async (formData: FormData) => {
    // Signed out (or removed, or deactivated): requireMember sends them to sign in.
    const member = await requireMember();
    const state = await run(member, formData, requestClient(await headers()));
    return settle(options as Options<unknown>, state as Outcome, formData) as StateOf<S>;
  };
  if (options.plain) {
    return Object.assign(
      async (formData: FormData) => {
        const state = await act(formData);
        // A plain form has no place for the message: a refusal goes to the error boundary.
        if (state.status === "error") throw new Error(state.message);
      },
      { run },
    );
  }
  return Object.assign((_previous: StateOf<S>, formData: FormData) => act(formData), { run });
}

/** A form shown before sign-in (sign-up, forgotten and reset password): no member, no role. */
export interface PublicFormContext<T> {
  input: T;
  formData: FormData;
  values: Record<string, string>;
  origin: RequestClient;
}

type PublicOptions<T> = Pick<Options<T>, "schema" | "omit" | "redirect"> & {
  input?: (formData: FormData) => FormInput;
};

export type PublicAction<S> = ((previous: S, formData: FormData) => Promise<S>) & {
  run: (formData: FormData, origin?: RequestClient) => Promise<S>;
};

// The same steps without the session: parse, the handler, any error in words for the form.
export function publicFormAction<T, S extends FormState>(
  options: PublicOptions<T>,
  handler: (context: PublicFormContext<T>) => Promise<S>,
): PublicAction<StateOf<S>> {
  const run = async (formData: FormData, origin = UNKNOWN_CLIENT): Promise<StateOf<S>> => {
    const values = formValues(formData, options.omit);
    return inWords<S>(values, async () => {
      const { input, fieldErrors } = parsedInput(options.schema, () => (options.input ?? defaultInput)(formData));
      if (fieldErrors) return invalidForm(fieldErrors, values);
      return handler({ input: input as T, formData, values, origin });
    });
  };
  return Object.assign(
    async (_previous: StateOf<S>, formData: FormData) => {
      const state = await run(formData, requestClient(await headers()));
      const next = options.redirect?.(state as Outcome, formData);
      if (next) redirect(next);
      return state;
    },
    { run },
  );
}
