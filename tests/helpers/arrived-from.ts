import { peerStamp } from "@/lib/observability/peer-address-stamp";

/** The header the server stamps on a request whose socket peer is `address`
 * (lib/observability/peer-address-stamp.ts): for handlers called in-process, without a server. */
export function arrivedFrom(address: string): Record<string, string> {
  const [name, value] = peerStamp({ address, forwarded: false, client: address });
  return { [name]: value };
}
