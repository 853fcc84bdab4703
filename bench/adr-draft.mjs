// Drafting ADRs from N intent cards in N/20 clusters (the default "auto" clustering plus
// rendering every draft), against its floor: sorting the same records and serializing them
// with JSON.stringify. Run after `npm run build`: node bench/adr-draft.mjs
import { readFileSync } from "node:fs";
import { clusterRecords } from "../dist/core/cluster/cluster.js";
import { buildDraft, renderDraftBody } from "../dist/core/render/adr-draft.js";

const template = readFileSync(new URL("../templates/adr-draft.md", import.meta.url), "utf8");
const pad = (n, w = 6) => String(n).padStart(w, "0");

/** N records in N/20 clusters: a third by tag, a third by workline, a third by overlapping paths. */
function makeRecords(n) {
  const clusters = Math.max(1, Math.round(n / 20));
  return Array.from({ length: n }, (_, i) => {
    const c = i % clusters;
    const mode = c % 3;
    return {
      id: `01J${pad(i, 23)}`,
      kind: "intent",
      card: {
        outcome: `Outcome ${i} of area ${c}: sessions survive an IdP outage`,
        trigger: `Trigger ${i}: the IdP was down for two hours`,
        chosen_approach: `approach ${i}`,
        selection_rationale: "cheapest, no new infrastructure",
        constraints: i % 7 === 0 ? "no new infrastructure" : "",
        validation_plan: "load test at 2x peak",
      },
      considered: [{ approach: `alternative ${i}`, rejected_because: "contract cost" }],
      trivial: false,
      tags: mode === 0 ? [`area-${c}`] : [],
      findings: [],
      basis:
        mode === 2
          ? {
              revision: "0".repeat(40),
              touched_paths: [`src/area${c}/`, `src/area${c}/file${i}.ts`],
            }
          : undefined,
      session_id: "01JSESSION0000000000000000",
      workline_id: mode === 1 ? `01JWORKLINE${pad(c, 15)}` : undefined,
      actor: { kind: "human", name: `Person ${i % 13}` },
      at: "2026-01-01T00:00:00.000Z",
      amendments: [],
      status: "active",
      consent: "confirmed",
      confirmations: [],
      stale_marks: [],
      reverifications: [],
      supersedes: [],
    };
  });
}

function draftAll(records) {
  const byId = new Map(records.map((r) => [r.id, r]));
  const { clusters } = clusterRecords(
    records.map((r) => ({
      id: r.id,
      tags: r.tags,
      workline_id: r.workline_id,
      touched_paths: r.basis?.touched_paths ?? [],
      decided: true,
    })),
  );
  let bytes = 0;
  for (const cluster of clusters) {
    const doc = buildDraft({
      id: cluster.key,
      date: "2026-01-01",
      cluster,
      records: cluster.record_ids.map((id) => byId.get(id)),
      title: cluster.key,
      language: "en",
      worklineTitles: new Map(),
    });
    bytes += renderDraftBody(template, doc.blocks, doc.headings).length;
  }
  return { clusters: clusters.length, bytes };
}

function floor(records) {
  const sorted = [...records].sort((a, b) => (a.id < b.id ? -1 : 1));
  return JSON.stringify(sorted).length;
}

function best(fn, runs) {
  let min = Number.POSITIVE_INFINITY;
  let result;
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    result = fn();
    min = Math.min(min, Number(process.hrtime.bigint() - start) / 1e6);
  }
  return { ms: min, result };
}

const rows = [];
for (const n of [1_000, 10_000]) {
  const records = makeRecords(n);
  draftAll(records); // warm up the JIT
  const adrift = best(() => draftAll(records), 5);
  const base = best(() => floor(records), 5);
  rows.push({ n, ms: adrift.ms, floor: base.ms, clusters: adrift.result.clusters });
  console.log(
    `${String(n).padStart(6)} cards, ${adrift.result.clusters} drafts: ${adrift.ms.toFixed(1)} ms (floor: sort + JSON.stringify ${base.ms.toFixed(1)} ms, ratio ${(adrift.ms / base.ms).toFixed(1)}x)`,
  );
}
const [small, large] = rows;
const growth = large.ms / small.ms;
const nlogn = (large.n * Math.log(large.n)) / (small.n * Math.log(small.n));
console.log(
  `1k -> 10k: time grew ${growth.toFixed(1)}x; n log n predicts ${nlogn.toFixed(1)}x, n² would be 100x`,
);
if (growth > nlogn * 1.5) {
  console.error("drafting grew worse than n log n");
  process.exitCode = 1;
}
