import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { callApi, createTenant } from "../../helpers/api";
import type { DataBody, Lead } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "utf8") : Buffer.from(p)))));

// Issue 31, findings 18 and 19: bytes that are not UTF-8 were stored as U+FFFD (the guide promises
// nothing is replaced), a declared charset other than UTF-8 was ignored, and a gzip body was a 400
// invalid_json. Each is refused in the envelope now, and nothing is stored.
describe("request body encodings", () => {
  it("refuses bytes that are not UTF-8 with 400 invalid_json, storing nothing (issue 31, finding 18)", async () => {
    const t = await createTenant();
    const bodies = {
      "a lone 0xff byte": bytes('{"name":"Bad ', [0xff], '"}'),
      "a raw lone surrogate (ED A0 80)": bytes('{"name":"Bad ', [0xed, 0xa0, 0x80], '"}'),
      "a cut-off sequence": bytes('{"name":"Bad ', [0xe2, 0x82], '"}'),
      "an overlong encoding of /": bytes('{"name":"Bad ', [0xc0, 0xaf], '"}'),
    };
    for (const [name, rawBody] of Object.entries(bodies)) {
      const res = await callApi("POST", "/api/v1/leads", {
        key: t.key,
        rawBody,
        headers: { "content-type": "application/json" },
      });
      expect(res.status, name).toBe(400);
      expect(res.body.error, name).toMatchObject({ code: "invalid_json", message: "The body is not valid UTF-8." });
    }
    const list = await callApi<{ data: Lead[] }>("GET", "/api/v1/leads?limit=10", { key: t.key });
    expect(list.body.data.filter((lead) => lead.name.startsWith("Bad"))).toEqual([]);
  });

  it("answers 415 to a charset other than UTF-8 and to a Content-Encoding, and takes UTF-8 as before (issue 31, findings 18 and 19)", async () => {
    const t = await createTenant();
    const json = JSON.stringify({ name: "Zoë Ångström" });
    for (const [label, headers, rawBody] of [
      ["latin1", { "content-type": "application/json; charset=iso-8859-1" }, json],
      ["utf-16", { "content-type": 'application/json; charset="UTF-16"' }, json],
      ["gzip", { "content-type": "application/json", "content-encoding": "gzip" }, new Uint8Array(gzipSync(json))],
      ["br", { "content-type": "application/json", "content-encoding": "br" }, json],
    ] as const) {
      const res = await callApi("POST", "/api/v1/leads", { key: t.key, rawBody, headers });
      expect(res.status, label).toBe(415);
      expect(res.body.error?.code, label).toBe("unsupported_media_type");
      expect(res.body.error?.requestId, label).toBe(res.headers.get("x-request-id"));
    }
    for (const type of ["application/json; charset=utf-8", "application/json; charset=UTF8", "application/json"]) {
      const res = await callApi<DataBody<Lead>>("POST", "/api/v1/leads", {
        key: t.key,
        rawBody: json,
        headers: { "content-type": type, "content-encoding": "identity" },
      });
      expect(res.status, type).toBe(201);
      expect(res.body.data.name).toBe("Zoë Ångström");
    }
  });
});
