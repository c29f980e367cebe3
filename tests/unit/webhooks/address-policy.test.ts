import { describe, expect, it } from "vitest";
import { refusedAddress } from "@/lib/webhooks/address-policy";

describe("refusedAddress", () => {
  it.each([
    ["127.0.0.1", "a loopback address (127.0.0.1)"],
    ["127.255.0.9", "a loopback address (127.255.0.9)"],
    ["10.0.0.5", "a private address (10.0.0.5)"],
    ["172.16.0.1", "a private address (172.16.0.1)"],
    ["172.31.255.255", "a private address (172.31.255.255)"],
    ["192.168.1.1", "a private address (192.168.1.1)"],
    ["169.254.169.254", "a link-local (cloud metadata) address (169.254.169.254)"],
    ["0.0.0.0", "an unspecified address (0.0.0.0)"],
    ["100.64.0.1", "a carrier-grade NAT address (100.64.0.1)"],
    ["100.100.100.200", "a carrier-grade NAT address (100.100.100.200)"],
    ["224.0.0.1", "a multicast address (224.0.0.1)"],
    ["255.255.255.255", "a broadcast address (255.255.255.255)"],
    ["240.0.0.1", "a reserved address (240.0.0.1)"],
    ["192.0.2.10", "a reserved address (192.0.2.10)"],
    ["198.18.0.1", "a reserved address (198.18.0.1)"],
    ["::1", "a loopback address (::1)"],
    ["::", "an unspecified address (::)"],
    ["fc00::1", "a private address (fc00::1)"],
    ["fd12:3456::1", "a private address (fd12:3456::1)"],
    ["fd00:ec2::254", "a private address (fd00:ec2::254)"],
    ["fe80::1", "a link-local address (fe80::1)"],
    ["ff02::1", "a multicast address (ff02::1)"],
    ["::7f00:1", "an IPv4-compatible address (::7f00:1)"],
    ["2001:db8::1", "a reserved address (2001:db8::1)"],
    [
      "2001:0:4136:e378:8000:63bf:3fff:fdd2",
      "a special-purpose (teredo) address (2001:0:4136:e378:8000:63bf:3fff:fdd2)",
    ],
    ["64:ff9b:1::a00:1", "a special-purpose (rfc6052) address (64:ff9b:1::a00:1)"],
    // IPv6 forms that carry an IPv4 address are judged by that address.
    ["::ffff:127.0.0.1", "a loopback address (::ffff:7f00:1, which carries 127.0.0.1)"],
    ["::ffff:10.0.0.1", "a private address (::ffff:a00:1, which carries 10.0.0.1)"],
    [
      "::ffff:169.254.169.254",
      "a link-local (cloud metadata) address (::ffff:a9fe:a9fe, which carries 169.254.169.254)",
    ],
    ["::ffff:0:10.0.0.1", "a private address (::ffff:0:a00:1, which carries 10.0.0.1)"],
    ["64:ff9b::10.0.0.1", "a private address (64:ff9b::a00:1, which carries 10.0.0.1)"],
    ["2002:c0a8:0101::1", "a private address (2002:c0a8:101::1, which carries 192.168.1.1)"],
    ["not-an-ip", "an invalid address (not-an-ip)"],
  ])("refuses %s", (address, reason) => {
    expect(refusedAddress(address, false)).toBe(reason);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "2606:4700::1111",
    "::ffff:93.184.216.34",
    "64:ff9b::8.8.8.8",
    "2002:5db8:d822::1",
  ])("accepts the public address %s", (address) => {
    expect(refusedAddress(address, false)).toBeNull();
  });

  it("allows loopback and private addresses when private URLs are allowed, never link-local", () => {
    for (const address of ["127.0.0.1", "10.0.0.5", "::1", "fd12::1", "::ffff:192.168.0.1", "100.64.0.1"]) {
      expect(refusedAddress(address, true)).toBeNull();
    }
    expect(refusedAddress("169.254.169.254", true)).toMatch(/metadata/);
    expect(refusedAddress("::ffff:169.254.169.254", true)).toMatch(/metadata/);
    expect(refusedAddress("fe80::1", true)).toMatch(/link-local/);
  });
});
