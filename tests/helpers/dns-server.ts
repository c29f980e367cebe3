import dgram from "node:dgram";
import type { AddressInfo } from "node:net";

// A DNS server on loopback (UDP) whose answer the test sets, so a real resolver (c-ares, through
// node:dns's Resolver) meets real failures: SERVFAIL, NXDOMAIN, silence, or an A record.

export type DnsAnswer = { rcode: "servfail" | "nxdomain" } | { a: string } | "silent";

export interface TestDnsServer {
  /** host:port, for Resolver.setServers. */
  address: string;
  answer: (next: DnsAnswer) => void;
  close: () => Promise<void>;
}

const RCODES = { nxdomain: 3, servfail: 2 } as const;

export async function startDnsServer(): Promise<TestDnsServer> {
  let current: DnsAnswer = "silent";
  const socket = dgram.createSocket("udp4");
  socket.on("message", (query, peer) => {
    if (current === "silent") return;
    socket.send(reply(query, current), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    answer: (next) => void (current = next),
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}

/** A host:port where nothing listens: the resolver's queries are refused (ECONNREFUSED). */
export async function deadDnsAddress(): Promise<string> {
  const socket = dgram.createSocket("udp4");
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const { port } = socket.address() as AddressInfo;
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return `127.0.0.1:${port}`;
}

// The header and the question of the query (RFC 1035 §4.1), flagged as a response, with the
// answer's RCODE or one A record; the query's EDNS record (if any) is dropped.
function reply(query: Buffer, answer: Exclude<DnsAnswer, "silent">): Buffer {
  let end = 12;
  while (query[end] !== 0) end += query[end] + 1;
  end += 5; // the root label, QTYPE, QCLASS
  const header = Buffer.from(query.subarray(0, end));
  header[2] = 0x80 | (query[2] & 0x79); // QR, the query's opcode and RD
  header[3] = 0x80 | ("rcode" in answer ? RCODES[answer.rcode] : 0); // RA, RCODE
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE("a" in answer ? 1 : 0, 6);
  header.writeUInt32BE(0, 8); // NSCOUNT, ARCOUNT
  if (!("a" in answer)) return header;
  const record = Buffer.alloc(16);
  record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
  record.writeUInt16BE(1, 2); // A
  record.writeUInt16BE(1, 4); // IN
  record.writeUInt32BE(60, 6); // TTL
  record.writeUInt16BE(4, 10);
  answer.a.split(".").forEach((octet, i) => record.writeUInt8(Number(octet), 12 + i));
  return Buffer.concat([header, record]);
}
