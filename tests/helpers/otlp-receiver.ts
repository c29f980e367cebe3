import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

// A local OTLP/HTTP trace receiver for tests: it accepts POST /v1/traces in the JSON encoding
// (what @opentelemetry/exporter-trace-otlp-http sends), answers 200 and keeps every span with
// its resource's attributes flattened, so a test can find spans by name, attribute or trace.

type AttributeValue = string | number | boolean | null | AttributeValue[];

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, AttributeValue>;
  links: { traceId: string; spanId: string }[];
  /** The span's status code: 0 unset, 1 ok, 2 error. */
  status: number;
  resource: Record<string, AttributeValue>;
}

export interface OtlpReceiver {
  /** What OTEL_EXPORTER_OTLP_ENDPOINT is set to (the exporter appends /v1/traces). */
  endpoint: string;
  spans: ReceivedSpan[];
  /** Every export request as it arrived: its headers and raw body, for searches. */
  requests: { headers: IncomingHttpHeaders; body: string }[];
  /** Resolves with the spans once `predicate` holds for them; rejects after `timeoutMs`. */
  waitFor: (predicate: (spans: ReceivedSpan[]) => boolean, timeoutMs?: number) => Promise<ReceivedSpan[]>;
  close: () => Promise<void>;
}

interface OtlpKeyValue {
  key: string;
  value: OtlpAnyValue;
}
interface OtlpAnyValue {
  stringValue?: string;
  intValue?: number | string;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: OtlpAnyValue[] };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpKeyValue[];
  links?: { traceId: string; spanId: string }[];
  status?: { code?: number };
}
interface OtlpExport {
  resourceSpans?: { resource?: { attributes?: OtlpKeyValue[] }; scopeSpans?: { spans?: OtlpSpan[] }[] }[];
}

function valueOf(value: OtlpAnyValue): AttributeValue {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(valueOf);
  return null;
}

const attributesOf = (list: OtlpKeyValue[] = []) => Object.fromEntries(list.map((kv) => [kv.key, valueOf(kv.value)]));

// Ids are hex in OTLP/JSON; base64 (the protobuf mapping's default) is read too, just in case.
const hexId = (id: string | undefined) =>
  !id ? undefined : /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, "base64").toString("hex");

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const requests: OtlpReceiver["requests"] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/traces") return void res.writeHead(404).end();
      const raw = Buffer.concat(chunks);
      const body = (req.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString();
      requests.push({ headers: req.headers, body });
      const parsed = JSON.parse(body) as OtlpExport;
      for (const resourceSpans of parsed.resourceSpans ?? []) {
        const resource = attributesOf(resourceSpans.resource?.attributes);
        for (const scope of resourceSpans.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({
              traceId: hexId(span.traceId)!,
              spanId: hexId(span.spanId)!,
              parentSpanId: hexId(span.parentSpanId),
              name: span.name,
              kind: span.kind,
              attributes: attributesOf(span.attributes),
              links: (span.links ?? []).map((link) => ({ traceId: hexId(link.traceId)!, spanId: hexId(link.spanId)! })),
              status: span.status?.code ?? 0,
              resource,
            });
          }
        }
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    requests,
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(spans)) {
        if (Date.now() > deadline) {
          const names = spans.map((s) => `${s.name} (${s.traceId.slice(0, 8)})`).join(", ");
          throw new Error(`OTLP receiver: no match after ${timeoutMs} ms; ${spans.length} spans: ${names}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return spans;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
