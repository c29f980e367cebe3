import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import path from "node:path";
import type { AlternationResult } from "./alternate";
import { ROOT } from "./processes";

// bench/results/latest.json (everything, every round) and latest.md (the tables), plus a
// timestamped copy of each; the Markdown also goes to stdout.

export interface Target {
  scenario: string;
  what: string;
  value: number | null;
  target: string;
  ok: boolean | null;
  /** For a figure measured in rounds: in how many of them the target held. */
  rounds?: { met: number; of: number };
}

export interface Report {
  startedAt: string;
  finishedAt?: string;
  machine: {
    cpus: number;
    cpuModel: string;
    memoryGb: number;
    node: string;
    loadAverageAtStart: number[];
    loadAverageAtEnd?: number[];
  };
  options: Record<string, unknown>;
  steps: Record<string, number>;
  comparisons: AlternationResult[];
  extra: Record<string, unknown>;
  targets: Target[];
  problems: string[];
}

export function newReport(options: Record<string, unknown>): Report {
  return {
    startedAt: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? "?",
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      loadAverageAtStart: loadavg().map((x) => Math.round(x * 100) / 100),
    },
    options,
    steps: {},
    comparisons: [],
    extra: {},
    targets: [],
    problems: [],
  };
}

// "missed (met in 2 of 5 rounds)": how far from its line a median is, in rounds.
const verdict = (t: Target) =>
  t.ok === null
    ? "–"
    : `${t.ok ? "met" : "**missed**"}${t.rounds ? ` (${t.ok ? "in" : "met in"} ${t.rounds.met} of ${t.rounds.of} rounds)` : ""}`;

const fmt = (v: number | null | undefined, digits = 2) =>
  v === null || v === undefined || Number.isNaN(v) ? "–" : v.toLocaleString("en-US", { maximumFractionDigits: digits });

function comparisonTable(c: AlternationResult): string {
  const lines = [
    `### ${c.title}`,
    "",
    "| variant | req/s | p50 ms | p99 ms | server CPU ms/req |",
    "|---|--:|--:|--:|--:|",
  ];
  for (const v of c.variants)
    lines.push(
      `| ${v.label} | ${fmt(v.median.rps, 0)} | ${fmt(v.median.p50)} | ${fmt(v.median.p99)} | ${fmt(v.median.cpuMsPerRequest, 3)} |`,
    );
  lines.push(
    "",
    "| ratio (median of rounds) | req/s | p50 | p99 | CPU/req | req/s per round |",
    "|---|--:|--:|--:|--:|---|",
  );
  const label = (id: string) => c.variants.find((v) => v.id === id)?.label ?? id;
  for (const r of c.ratios) {
    lines.push(
      `| ${label(r.of)} ÷ ${label(r.against)} | ${fmt(r.median.rps, 3)} | ${fmt(r.median.p50, 3)} | ${fmt(r.median.p99, 3)} | ${fmt(r.median.cpu, 3)} | ${r.perRound.map((x) => fmt(x.rps, 3)).join(", ")} |`,
    );
  }
  return lines.join("\n");
}

function renderMarkdown(report: Report): string {
  const m = report.machine;
  const parts = [
    `## Benchmark ${report.startedAt}`,
    "",
    `${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, Node ${m.node}; load average at start ${m.loadAverageAtStart.join(" / ")}${m.loadAverageAtEnd ? `, at end ${m.loadAverageAtEnd.join(" / ")}` : ""}. Options: ${JSON.stringify(report.options)}.`,
    "",
    "### Targets (issue 9)",
    "",
    "| scenario | what | value | target | |",
    "|---|---|--:|---|---|",
    ...report.targets.map((t) => `| ${t.scenario} | ${t.what} | ${fmt(t.value, 3)} | ${t.target} | ${verdict(t)} |`),
    "",
    ...report.comparisons.map(comparisonTable).flatMap((t) => [t, ""]),
  ];
  for (const [name, value] of Object.entries(report.extra))
    parts.push(`### ${name}`, "", "```json", JSON.stringify(value, null, 1), "```", "");
  if (report.problems.length) parts.push("### Problems", "", ...report.problems.map((p) => `- ${p}`), "");
  if (Object.keys(report.steps).length)
    parts.push(
      `Steps (s): ${Object.entries(report.steps)
        .map(([k, v]) => `${k} ${Math.round(v / 1000)}`)
        .join(", ")}`,
      "",
    );
  return parts.join("\n");
}

export function writeReport(report: Report): { json: string; markdown: string } {
  const dir = path.join(ROOT, "bench/results");
  mkdirSync(dir, { recursive: true });
  const stamp = report.startedAt.replace(/[:.]/g, "-");
  const markdown = renderMarkdown(report);
  const json = JSON.stringify(report, null, 1);
  for (const name of ["latest", `run-${stamp}`]) {
    writeFileSync(path.join(dir, `${name}.json`), json);
    writeFileSync(path.join(dir, `${name}.md`), markdown);
  }
  return { json: path.join(dir, "latest.json"), markdown };
}
