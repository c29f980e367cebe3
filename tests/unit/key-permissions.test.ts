import { describe, expect, it } from "vitest";
import {
  READ_ONLY_PERMISSIONS,
  apiKeyPermissionsSchema,
  describePermissions,
  missingPermission,
  parsePermissionList,
  presetOf,
} from "@/lib/keys/permissions";

describe("key permissions", () => {
  it("full access (null) meets every requirement; write includes read; a missing grant is none", () => {
    expect(missingPermission(null, { webhook_endpoints: "write" })).toBeNull();
    expect(missingPermission({ leads: "write" }, { leads: "read" })).toBeNull();
    expect(missingPermission({ leads: "read" }, { leads: "write" })).toEqual({
      resource: "leads",
      needed: "write",
      granted: "read",
    });
    expect(missingPermission({ leads: "write" }, { properties: "read" })).toMatchObject({ granted: "none" });
  });

  it("parses the CLI's list and refuses unknown resources, levels a resource lacks, and malformed parts", () => {
    expect(parsePermissionList("properties:write, leads:read,visits:none")).toEqual({
      leads: "read",
      properties: "write",
    });
    expect(() => parsePermissionList("contacts:read")).toThrow(/Unknown resource "contacts"/);
    expect(() => parsePermissionList("activities:write")).toThrow(/Activities can be none or read/);
    expect(() => parsePermissionList("leads")).toThrow(/not RESOURCE:LEVEL/);
    expect(() => parsePermissionList("leads:admin")).toThrow();
  });

  it("names presets and describes grants the same way whatever their order", () => {
    expect(presetOf(null)).toBe("full_access");
    expect(presetOf(READ_ONLY_PERMISSIONS)).toBe("read_only");
    const shuffled = Object.fromEntries(Object.entries(READ_ONLY_PERMISSIONS).reverse());
    expect(presetOf(apiKeyPermissionsSchema.parse(shuffled))).toBe("read_only");
    expect(presetOf({ leads: "write" })).toBe("custom");
    expect(describePermissions({ properties: "write", leads: "read" })).toBe("leads:read, properties:write");
    expect(describePermissions({})).toBe("No access");
    expect(describePermissions(null)).toBe("Full access");
  });
});
