import type { Redis, SetCommandOptions } from "@upstash/redis";

// Each limiter call over Upstash's REST API is one HTTP request, and making one costs this
// process about 1 ms of CPU (fetch, JSON, base64: measured by `npm run bench`, scenario 5), more
// than Next.js's own cost of a request. Under load many requests reach the limiter in the same
// turn of the event loop: this client sends the commands of one turn as one `/pipeline` request
// (flushed by setImmediate, so a lone call waits for nothing but the current turn). Each command
// still runs on its own in Redis, atomically, so the count stays exact; each caller gets its own
// result or error (a NOSCRIPT error still makes Ratelimit fall back to EVAL).
// @upstash/redis's own `enableAutoPipelining` batches only within two microtasks, which requests
// arriving on different sockets never share.

type Pipeline = ReturnType<Redis["pipeline"]>;

interface Queued {
  add: (pipeline: Pipeline) => void;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export class PipeliningUpstashClient {
  private queue: Queued[] = [];
  private scheduled = false;

  constructor(private readonly redis: Pick<Redis, "pipeline">) {}

  private enqueue<T>(add: (pipeline: Pipeline) => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ add, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    const pipeline = this.redis.pipeline();
    for (const queued of batch) queued.add(pipeline);
    try {
      const results = (await pipeline.exec({ keepErrors: true })) as Array<{ result: unknown; error?: string }>;
      batch.forEach((queued, i) => {
        const { result, error } = results[i] ?? { result: undefined, error: "no reply for this command" };
        if (error) queued.reject(new Error(`Command failed: ${error}`));
        else queued.resolve(result);
      });
    } catch (error) {
      for (const queued of batch) queued.reject(error as Error);
    }
  }

  evalsha = <TArgs extends unknown[], TData = unknown>(sha1: string, keys: string[], args: TArgs): Promise<TData> =>
    this.enqueue((p) => p.evalsha(sha1, keys, args));

  eval = <TArgs extends unknown[], TData = unknown>(script: string, keys: string[], args: TArgs): Promise<TData> =>
    this.enqueue((p) => p.eval(script, keys, args));

  get = <TData>(key: string): Promise<TData | null> => this.enqueue((p) => p.get(key));

  set = <TData>(key: string, value: TData, opts?: SetCommandOptions): Promise<"OK" | TData | null> =>
    this.enqueue((p) => (opts ? p.set(key, value, opts) : p.set(key, value)));
}
