import { idPattern, ID_KINDS } from "./path-params";
import {
  isItemPath,
  isSmsCancel,
  lastSegment,
  pathVariableName,
  type PostmanEvent,
  type PostmanItem,
  type PostmanRequest,
} from "./postman-items";

// The scripts each request of the collection carries: a test of its documented status (and of
// what it answers), a create storing the new id in a collection variable (`leadId`…), or a list
// of what the API cannot create storing its first item's (`userId`), and a pre-request check that
// the ids it uses were stored by an earlier request.

// Quiet hours: whether the run's text goes out now (201) or is held until 08:00 the lead's time
// (202) depends on the hour it is run at; its cancel then answers 200 (held) or 409
// sms_not_scheduled (already sent).
const HOUR_DEPENDENT: Record<string, number[]> = { "POST sms": [201, 202], "DELETE :smsId": [200, 409] };

const js = (value: unknown) => JSON.stringify(value);

function testScript(request: PostmanRequest, status: number, created: string | undefined): string[] {
  const either = HOUR_DEPENDENT[`${request.method} ${lastSegment(request)}`];
  const lines = either
    ? [
        `pm.test(${js(`Status code is ${either.join(" or ")} (quiet hours)`)}, function () {`,
        `  pm.expect(pm.response.code).to.be.oneOf(${js(either)});`,
        `});`,
      ]
    : [`pm.test(${js(`Status code is ${status}`)}, function () {`, `  pm.response.to.have.status(${status});`, `});`];
  if (isSmsCancel(request)) {
    lines.push(
      `pm.test("Cancels the held message, or says it already went out", function () {`,
      `  const body = pm.response.json();`,
      `  if (pm.response.code === 200) pm.expect(body.data.status).to.eql("cancelled");`,
      `  else pm.expect(body.error.code).to.eql("sms_not_scheduled");`,
      `});`,
    );
    return lines;
  }
  const collection = (request.url.path ?? []).at(-1) ?? "";
  if (created && request.method === "GET") {
    // A list of what the API cannot create (users): its first item is the id the reads use.
    const prefix = ID_KINDS[collection]?.prefix;
    lines.push(
      `pm.test(${js(`Stores the first one's id as ${created}`)}, function () {`,
      `  const first = pm.response.json().data[0];`,
      `  pm.expect(first, "the list is never empty").to.be.an("object");`,
      ...(prefix ? [`  pm.expect(first.id).to.match(new RegExp(${js(idPattern(prefix))}));`] : []),
      `  pm.collectionVariables.set(${js(created)}, first.id);`,
      `});`,
    );
  } else if (created) {
    const prefix = ID_KINDS[collection]?.prefix;
    lines.push(
      `pm.test(${js(`Stores the new id as ${created}`)}, function () {`,
      `  const id = pm.response.json().data.id;`,
      ...(prefix ? [`  pm.expect(id).to.match(new RegExp(${js(idPattern(prefix))}));`] : []),
      `  pm.collectionVariables.set(${js(created)}, id);`,
      `});`,
    );
  } else if (request.method === "POST") {
    lines.push(...actionTests(lastSegment(request)));
  } else if (isItemPath(request)) {
    const param = lastSegment(request).slice(1);
    const variable = pathVariableName((request.url.path ?? []).at(-2) ?? "", param);
    lines.push(
      `pm.test(${js(`Answers the one in ${variable}`)}, function () {`,
      `  const data = pm.response.json().data;`,
      `  pm.expect(data.id).to.eql(pm.collectionVariables.get(${js(variable)}));`,
      ...(request.method === "DELETE" ? [`  pm.expect(data.deleted).to.eql(true);`] : []),
      `});`,
    );
  } else {
    lines.push(
      `pm.test("Answers a page", function () {`,
      `  pm.expect(pm.response.json().data).to.be.an("array");`,
      `});`,
    );
  }
  return lines;
}

/** A POST that stores no new id: a batch answers one result per item, intake the lead it found
 * or made, a replay how many events it queued, a route preview the rule and user (and creates
 * nothing). */
function actionTests(action: string): string[] {
  if (action === "route-preview")
    return [
      `pm.test("Answers the rule and the user the lead would get", function () {`,
      `  const data = pm.response.json().data;`,
      `  pm.expect(data).to.have.property("rule");`,
      `  pm.expect(data).to.have.property("assignedTo");`,
      `  pm.expect(data.reason).to.be.a("string");`,
      `});`,
    ];
  if (action === "replay")
    return [
      `pm.test("Answers how many events it queued", function () {`,
      `  pm.expect(pm.response.json().data.queued).to.be.a("number");`,
      `});`,
    ];
  if (action === "batch")
    return [
      `pm.test("Answers one result per item, in order", function () {`,
      `  const results = pm.response.json().data;`,
      `  pm.expect(results).to.be.an("array");`,
      `  pm.expect(results.length).to.eql(JSON.parse(pm.request.body.raw).items.length);`,
      `});`,
    ];
  return [
    `pm.test("Answers the lead and how it was matched", function () {`,
    `  const body = pm.response.json();`,
    `  pm.expect(body.data.id).to.match(new RegExp(${js(idPattern("lead"))}));`,
    `  pm.expect(body).to.have.property("matched");`,
    `});`,
  ];
}

// Clicked out of order, a request whose id is not stored yet would go to `/leads/` (a 404):
// say which request to send first instead.
function preRequestScript(request: PostmanRequest): string[] {
  const used = [...(request.url.variable ?? []).map((v) => v.value ?? ""), request.body?.raw ?? ""].join(" ");
  const needed = new Set([...used.matchAll(/\{\{(\w+Id)\}\}/g)].map((m) => m[1]));
  return [...needed].map(
    (variable) =>
      `if (!pm.collectionVariables.get(${js(variable)})) throw new Error(${js(`{{${variable}}} is empty: send the request that creates it first (the collection runs top to bottom).`)});`,
  );
}

export function withScripts(item: PostmanItem, status: number, created: string | undefined): PostmanItem {
  const request = item.request!;
  const pre = preRequestScript(request);
  const event: PostmanEvent[] = [
    ...(pre.length ? [{ listen: "prerequest" as const, script: { type: "text/javascript" as const, exec: pre } }] : []),
    { listen: "test", script: { type: "text/javascript", exec: testScript(request, status, created) } },
  ];
  return { ...item, event };
}
