// A delivery's error goes into the delivery log that the customer reads, so it names the problem
// in their terms ("connection refused") rather than Node's (ECONNREFUSED).
const MESSAGES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset by the receiver",
  EPIPE: "connection closed by the receiver",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ETIMEDOUT: "connection timed out",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "DNS lookup failed, try again later",
  ERR_TLS_CERT_ALTNAME_INVALID: "TLS certificate does not match the host name",
  CERT_HAS_EXPIRED: "TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "TLS certificate is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "TLS certificate chain is self-signed",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "TLS certificate could not be verified",
  HPE_INVALID_CONSTANT: "the receiver did not answer with HTTP",
};

export function describeNetworkError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code && MESSAGES[code]) return MESSAGES[code];
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}
