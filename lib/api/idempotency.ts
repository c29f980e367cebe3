import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import { and, eq, lt } from "drizzle-orm";
import { getDb } from "@/db/client";
import { IDEMPOTENCY_KEY_TTL_MS, idempotencyKeys } from "@/db/schema";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import { ApiError } from "@/lib/errors/api-error";
import type { ApiKeyContext } from "./authenticate-api-key";

interface StoredResponse {
  status: number;
  /** The first answer's body, byte for byte. */
  text: string;
  location?: string | null;
}

/** What the first request answered, its body as the JSON text it sent (stored as that text, so
 * a replay sends the very same bytes). */
interface FinishedResponse {
  status: number;
  json: string;
  location?: string | null;
  /** The body holds a secret shown once (a webhook endpoint's): it is stored sealed. */
  sealed?: boolean;
}

// A replay whose body holds a secret is stored sealed (response_sealed): a secret is never at
// rest in the clear, here any more than in its own table.

export type IdempotencyStart =
  | { kind: "proceed"; finish: (response: FinishedResponse) => Promise<void>; abandon: () => Promise<void> }
  | { kind: "replay"; response: StoredResponse };

// The request as the API understood it: the body after parsing and validation, canonicalized
// (RFC 8785), so a client that re-serializes its JSON on retry, with other key order, spacing or
// escapes, still replays, while any change the API would act on is a different request.
// Keys are scoped to the account, so a restricted key's grants are part of the request too: a key
// allowed less (a webhook endpoint's `*` becomes only the events it may read) would act
// differently, and must not be handed the answer of a key allowed more. A full-access key's
// fingerprint is the request alone, as before keys were scoped to the account.
function requestFingerprint(
  method: string,
  path: string,
  parsedBody: unknown,
  permissions: ApiKeyContext["permissions"],
): string {
  const body = parsedBody === undefined ? "" : (canonicalize(parsedBody) ?? "");
  const grants = permissions === null ? "" : `\n${canonicalize(permissions) ?? ""}`;
  return createHash("sha256").update(`${method} ${path}\n${body}${grants}`).digest("hex");
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** A POST's Idempotency-Key, checked and claimed for the key's account; undefined when the
 * request sent none. */
export async function claimIdempotencyKey(
  req: Request,
  url: URL,
  apiKey: Pick<ApiKeyContext, "id" | "accountId" | "permissions">,
  parsedBody: unknown,
): Promise<IdempotencyStart | undefined> {
  const key = req.headers.get("idempotency-key");
  if (key === null) return undefined;
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new ApiError("validation_error", "The Idempotency-Key header is invalid.", [
      { path: "Idempotency-Key", message: "Must be 1–255 visible ASCII characters" },
    ]);
  }
  const fingerprint = requestFingerprint(req.method, url.pathname, parsedBody, apiKey.permissions);
  return startIdempotentRequest({
    accountId: apiKey.accountId,
    apiKeyId: apiKey.id,
    key,
    method: req.method,
    path: url.pathname,
    fingerprint,
  });
}

/**
 * Claims (accountId, key) by inserting its row: the primary key makes concurrent duplicates race
 * at the database, so exactly one request proceeds, whichever of the account's keys sent it; the
 * others replay the stored response, get 409 while the first still runs, or 422 if the request
 * differs.
 */
async function startIdempotentRequest(input: {
  accountId: string;
  apiKeyId: string;
  key: string;
  method: string;
  path: string;
  fingerprint: string;
}): Promise<IdempotencyStart> {
  const db = await getDb();
  const id = and(eq(idempotencyKeys.accountId, input.accountId), eq(idempotencyKeys.key, input.key));
  await db
    .delete(idempotencyKeys)
    .where(and(id, lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS))));
  const claimed = await db
    .insert(idempotencyKeys)
    .values({
      accountId: input.accountId,
      apiKeyId: input.apiKeyId,
      key: input.key,
      method: input.method,
      path: input.path,
      requestHash: input.fingerprint,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });

  if (claimed.length) {
    return {
      kind: "proceed",
      finish: async (response) => {
        await db
          .update(idempotencyKeys)
          .set({
            responseStatus: response.status,
            responseBody: response.sealed ? sealSecret(response.json) : response.json,
            responseSealed: response.sealed ?? false,
            responseLocation: response.location ?? null,
            completedAt: new Date(),
          })
          .where(id);
      },
      // Nothing was done (the failure was ours): free the key so a retry runs for real.
      abandon: async () => {
        await db.delete(idempotencyKeys).where(id);
      },
    };
  }

  const [existing] = await db.select().from(idempotencyKeys).where(id).limit(1);
  if (!existing) {
    // Freed by an abandoned first attempt between our insert and select: this one is in flight.
    throw new ApiError(
      "idempotency_in_progress",
      "A request with this Idempotency-Key is still being processed. Retry shortly.",
    );
  }
  if (existing.requestHash !== input.fingerprint) {
    throw new ApiError(
      "idempotency_key_reused",
      "This Idempotency-Key was already used with a different request. Use a new key for a new request.",
    );
  }
  if (existing.responseStatus === null) {
    throw new ApiError(
      "idempotency_in_progress",
      "A request with this Idempotency-Key is still being processed. Retry shortly.",
    );
  }
  return {
    kind: "replay",
    response: {
      status: existing.responseStatus,
      text: existing.responseSealed ? openSecret(existing.responseBody ?? "") : (existing.responseBody ?? ""),
      location: existing.responseLocation,
    },
  };
}

/** Hourly housekeeping: records older than 24 hours are dead weight. */
