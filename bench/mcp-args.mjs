// Cost of checking an MCP tool's arguments deep (unknown keys refused at every depth) against
// the payload schema alone (which strips them) and against the floor, JSON.parse of the
// arguments' text, in one run, interleaved. Usage: npm run build && node bench/mcp-args.mjs [calls=20000]

import { strictDeep } from "../dist/mcp/strict-args.js";
import { DecisionArgs } from "../dist/mcp/tools/card-args.js";

const calls = Number(process.argv[2] ?? 20000);
const strict = strictDeep(DecisionArgs);
const args = {
  card: {
    outcome: "Login survives IdP outages",
    trigger: "Okta was down 2h",
    chosen_approach: "cache sessions 24h",
    selection_rationale: "no new infra",
  },
  considered: [
    { approach: "second IdP", rejected_because: "contract cost" },
    { approach: "do nothing", rejected_because: "outages continue" },
  ],
  tags: ["auth"],
  findings: ["sessions last 24h"],
  basis: { touched_paths: ["src/auth/", "src/session/**/*.ts"] },
  tier_b: { side_effects: ["logout takes up to 24h"], kb_path: "kb/auth.md" },
};
const text = JSON.stringify(args);

function time(work) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) work();
  return Number(process.hrtime.bigint() - start) / 1e6 / calls;
}
const samples = { floor: [], loose: [], strict: [] };
for (let round = 0; round < 7; round++) {
  samples.floor.push(time(() => JSON.parse(text)));
  samples.loose.push(time(() => DecisionArgs.parse(JSON.parse(text))));
  samples.strict.push(time(() => strict.parse(JSON.parse(text))));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const [floor, loose, strictMs] = [
  median(samples.floor),
  median(samples.loose),
  median(samples.strict),
];
const us = (ms) => `${(ms * 1000).toFixed(1)} µs`;
console.log(`record_decision arguments, ${calls} parses × 7 rounds, medians per call`);
console.log(`JSON.parse (floor)            ${us(floor)}`);
console.log(
  `payload schema (strips)       ${us(loose)}  ×${(loose / floor).toFixed(1)} of the floor`,
);
console.log(
  `strict at every depth         ${us(strictMs)}  ×${(strictMs / floor).toFixed(1)} of the floor, ×${(strictMs / loose).toFixed(2)} of the payload schema`,
);
