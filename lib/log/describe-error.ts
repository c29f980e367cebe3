/** The root cause's code and message, for logs: never the query text or its parameters
 * (Drizzle's wrapper error carries both, and a parameter may be a key hash, a body field or an
 * imported person's email). Every log line about a caught error goes through this. */
export function describeError(error: unknown): string {
  let root = error as { cause?: unknown; code?: unknown; name?: string; message?: string } | undefined;
  for (let depth = 0; root?.cause && depth < 5; depth++) root = root.cause as typeof root;
  if (!(root instanceof Error)) return String(root);
  const code = (root as { code?: unknown }).code;
  return `${typeof code === "string" ? code : root.name}: ${root.message}`;
}
