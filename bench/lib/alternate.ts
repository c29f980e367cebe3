import type { LoadResult } from "./load";
import { progress } from "./log";
import { median, round } from "./stats";

// The machine is shared and noisy: absolute figures drift from one minute to the next. So every
// comparison runs its variants in one invocation, alternating A B A B … for several rounds, and
// reports medians and the ratio within each round (both sides saw the same neighbours).

export interface Variant {
  id: string;
  label: string;
  run: () => Promise<LoadResult>;
  /** An unrecorded run first: JIT, connection pools, lazily loaded route modules. */
  warmup?: () => Promise<unknown>;
}

export interface Comparison {
  /** Variant ids: the figure reports `of` relative to `against`. */
  of: string;
  against: string;
}

type Figures = Pick<LoadResult, "rps" | "p50" | "p99" | "mean" | "cpuMsPerRequest">;

interface VariantResult {
  id: string;
  label: string;
  rounds: LoadResult[];
  median: Figures;
}

interface RatioResult {
  of: string;
  against: string;
  perRound: Array<{ rps: number; p50: number; p99: number; cpu: number | null }>;
  median: { rps: number; p50: number; p99: number; cpu: number | null };
}

export interface AlternationResult {
  title: string;
  variants: VariantResult[];
  ratios: RatioResult[];
  problems: string[];
}

const ratio = (a: number | null, b: number | null) => (a === null || b === null || !b ? null : round(a / b, 3));

export async function alternate(
  title: string,
  variants: Variant[],
  comparisons: Comparison[],
  rounds: number,
): Promise<AlternationResult> {
  for (const v of variants) {
    if (v.warmup) {
      progress(`${title}: warm-up ${v.label}`);
      await v.warmup();
    }
  }
  const results = new Map<string, LoadResult[]>(variants.map((v) => [v.id, []]));
  for (let r = 1; r <= rounds; r++) {
    for (const v of variants) {
      const result = await v.run();
      results.get(v.id)!.push(result);
      progress(
        `${title}: round ${r}/${rounds} ${v.label}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, cpu ${result.cpuMsPerRequest ?? "–"} ms/req${result.non2xx || result.errors ? `, ${result.non2xx} non-2xx, ${result.errors} errors` : ""}`,
      );
    }
  }
  const problems: string[] = [];
  const variantResults: VariantResult[] = variants.map((v) => {
    const rs = results.get(v.id)!;
    const non2xx = rs.reduce((n, x) => n + x.non2xx + x.errors, 0);
    if (non2xx)
      problems.push(`${v.label}: ${non2xx} non-2xx answers or errors (${JSON.stringify(rs.map((x) => x.statuses))})`);
    const cpus = rs.map((x) => x.cpuMsPerRequest).filter((x): x is number => x !== null);
    return {
      id: v.id,
      label: v.label,
      rounds: rs,
      median: {
        rps: median(rs.map((x) => x.rps)),
        p50: median(rs.map((x) => x.p50)),
        p99: median(rs.map((x) => x.p99)),
        mean: median(rs.map((x) => x.mean)),
        cpuMsPerRequest: cpus.length ? round(median(cpus), 3) : null,
      },
    };
  });
  const ratios: RatioResult[] = comparisons.map(({ of, against }) => {
    const a = results.get(of)!;
    const b = results.get(against)!;
    const perRound = a.map((x, i) => ({
      rps: ratio(x.rps, b[i].rps)!,
      p50: ratio(x.p50, b[i].p50)!,
      p99: ratio(x.p99, b[i].p99)!,
      cpu: ratio(x.cpuMsPerRequest, b[i].cpuMsPerRequest),
    }));
    const cpus = perRound.map((x) => x.cpu).filter((x): x is number => x !== null);
    return {
      of,
      against,
      perRound,
      median: {
        rps: round(median(perRound.map((x) => x.rps)), 3),
        p50: round(median(perRound.map((x) => x.p50)), 3),
        p99: round(median(perRound.map((x) => x.p99)), 3),
        cpu: cpus.length ? round(median(cpus), 3) : null,
      },
    };
  });
  return { title, variants: variantResults, ratios, problems };
}
