// Everyone's calendar colours each visit by its agent: a colour per agent that stays the same
// from page to page and week to week (a hash of the agent's id, not their place in a list that
// changes as the team does). The classes are written out whole so Tailwind finds them.
const PALETTE = [
  { block: "border-sky-500 bg-sky-50 text-sky-950 hover:bg-sky-100", swatch: "bg-sky-500" },
  { block: "border-violet-500 bg-violet-50 text-violet-950 hover:bg-violet-100", swatch: "bg-violet-500" },
  { block: "border-amber-500 bg-amber-50 text-amber-950 hover:bg-amber-100", swatch: "bg-amber-500" },
  { block: "border-emerald-500 bg-emerald-50 text-emerald-950 hover:bg-emerald-100", swatch: "bg-emerald-500" },
  { block: "border-rose-500 bg-rose-50 text-rose-950 hover:bg-rose-100", swatch: "bg-rose-500" },
  { block: "border-teal-500 bg-teal-50 text-teal-950 hover:bg-teal-100", swatch: "bg-teal-500" },
  { block: "border-orange-500 bg-orange-50 text-orange-950 hover:bg-orange-100", swatch: "bg-orange-500" },
  { block: "border-fuchsia-500 bg-fuchsia-50 text-fuchsia-950 hover:bg-fuchsia-100", swatch: "bg-fuchsia-500" },
  { block: "border-lime-600 bg-lime-50 text-lime-950 hover:bg-lime-100", swatch: "bg-lime-600" },
  { block: "border-indigo-500 bg-indigo-50 text-indigo-950 hover:bg-indigo-100", swatch: "bg-indigo-500" },
] as const;

/** A visit with no agent: grey, as nobody's. */
const NOBODY = { block: "border-slate-400 bg-slate-50 text-slate-800 hover:bg-slate-100", swatch: "bg-slate-400" };

export type AgentColour = { block: string; swatch: string };

export function agentColour(agentId: string | null): AgentColour {
  if (!agentId) return NOBODY;
  // FNV-1a: spreads ids that differ only in their last characters (time-ordered ids do).
  let hash = 0x811c9dc5;
  for (let i = 0; i < agentId.length; i++) hash = Math.imul(hash ^ agentId.charCodeAt(i), 0x01000193);
  return PALETTE[(hash >>> 0) % PALETTE.length];
}
