import type { ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import newman, { type NewmanRunSummary } from "newman";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPostmanCollection } from "@/app/api/v1/postman-collection";
import { OPERATIONS } from "@/app/api/v1/operation-list";
import { LEFT_OUT_OF_COLLECTION } from "@/lib/openapi/postman-run";
import { forServer } from "@/lib/openapi/to-postman-collection";
import { createTenant } from "../../helpers/api";
import { killAndWait } from "../../helpers/spawn-process";
import { startApiServer } from "../../helpers/start-api-server";

// What a new user does with the downloaded collection: set `apiKey` and send every request in
// order. newman (Postman's own runner) does it against a live server process running the real
// /api/v1 handlers, for a fresh account: every request must answer its documented status and
// pass every test script the collection carries.
//
// The test server runs no job workers and creates no queues (tests/helpers/api-server.ts), so a
// change made while the account has an enabled webhook endpoint cannot queue its delivery and is
// refused with 503 service_unavailable (lib/jobs/enqueue.ts). The collection never makes one: its
// example endpoint is created after every other change and deleted before the deletes that
// follow (lib/openapi/postman-run.ts). The first test below shows why that order matters.
//
// Its URL is the `webhookUrl` variable. Its default (example.com) needs DNS, which the test
// machine has not: the run points it at a local receiver instead, allowed by
// WEBHOOKS_ALLOW_PRIVATE_URLS=1 (as vitest sets for this process). The receiver must get nothing.

let server: ChildProcess;
let baseUrl: string;
let receiver: Server;
let receiverUrl: string;
const received: string[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/leadprop-webhook`;
  ({ child: server, base: baseUrl } = await startApiServer({ WEBHOOKS_ALLOW_PRIVATE_URLS: "1" }));
}, 120_000);

afterAll(async () => {
  if (server) await killAndWait(server);
  await new Promise((resolve) => receiver?.close(resolve));
});

function runCollection(collection: object, envVar: Array<{ key: string; value: string }>): Promise<NewmanRunSummary> {
  return new Promise((resolve, reject) => {
    newman.run({ collection, envVar, reporters: [], timeoutRequest: 15_000 }, (error, summary) =>
      error ? reject(error) : resolve(summary),
    );
  });
}

const send = (path: string, key: string, method = "GET", body?: unknown) =>
  fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe("the Postman collection, run by newman against a live server", () => {
  it("a change while an endpoint is enabled needs no job queue: the dispatcher fans it out after the commit", async () => {
    const { key } = await createTenant();
    const endpoint = await send("/api/v1/webhook-endpoints", key, "POST", {
      url: receiverUrl,
      events: ["lead.created"],
    });
    expect(endpoint.status).toBe(201);
    // This server started no queues: the write records its event only (issue 32), so it is taken.
    expect((await send("/api/v1/leads", key, "POST", { name: "Recorded" })).status).toBe(201);
    const { data } = (await endpoint.json()) as { data: { id: string } };
    expect((await send(`/api/v1/webhook-endpoints/${data.id}`, key, "DELETE")).status).toBe(200);
  });

  it("runs top to bottom for a new account: every request answers as documented and passes its tests", async () => {
    const { key } = await createTenant();
    const collection = forServer(await getPostmanCollection(), baseUrl);
    // Only `apiKey` is set by the user; `webhookUrl` as explained above.
    collection.variable = collection.variable?.map((v) => (v.key === "apiKey" ? { ...v, value: key } : v));
    const summary = await runCollection(collection, [{ key: "webhookUrl", value: receiverUrl }]);

    const failures = summary.run.failures.map(
      (f) => `${f.source?.name ?? "?"}: ${f.error?.name} ${f.error?.message} (${f.error?.test ?? ""})`,
    );
    expect(failures).toEqual([]);
    const executions = summary.run.executions.map(
      (e) => `${e.item.name} → ${e.response?.code ?? "no response"}: ${(e.assertions ?? []).length} tests`,
    );
    expect(executions).toHaveLength(OPERATIONS.length - Object.keys(LEFT_OUT_OF_COLLECTION).length);
    for (const execution of summary.run.executions) {
      expect(execution.assertions?.length ?? 0, execution.item.name).toBeGreaterThanOrEqual(2);
      for (const assertion of execution.assertions ?? [])
        expect(assertion.error, `${execution.item.name}: ${assertion.assertion}`).toBeFalsy();
    }
    expect(summary.run.stats.assertions.failed).toBe(0);
    expect(summary.run.stats.requests.failed).toBe(0);
    // Every id was created by a request before it and filled into the URLs after it: no `{{…}}`
    // left, no empty segment, and each created id is used.
    const created: string[] = [];
    const urls: string[] = [];
    for (const { item, request, response } of summary.run.executions) {
      const path = request.url.getPath();
      expect(path, item.name).not.toMatch(/\{\{|\/\/|\/$/);
      urls.push(path);
      // Batches, intake and replay store no id of their own (intake answers the lead created above);
      // route-preview creates nothing.
      if (request.method === "POST" && !/\/(batch|intake|replay|route-preview)$/.test(path))
        created.push((JSON.parse(response.stream!.toString()) as { data: { id: string } }).data.id);
    }
    expect(created.map((id) => id.split("_")[0]).sort()).toEqual(["lead", "prop", "sms", "task", "visit", "whep"]);
    for (const id of created) expect(urls.filter((url) => url.includes(id)).length, id).toBeGreaterThan(0);
    expect(received).toEqual([]);
  });
});
