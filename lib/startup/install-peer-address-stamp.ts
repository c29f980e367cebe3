import { logger } from "@/lib/log/logger";
import { installPeerAddressStamp } from "@/lib/observability/peer-address-stamp";

/** Installs the peer stamp (peer-address-stamp.ts), or stops the process when TRUSTED_PROXY_HOPS
 * is not a valid count: Next only logs an error thrown by instrumentation and serves on, half
 * started, and a wrong hop count would attribute every request to the wrong client. */
export function installPeerAddressStampOrExit(): void {
  try {
    installPeerAddressStamp();
  } catch (error) {
    logger.error("web server not started", { error: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  }
}
