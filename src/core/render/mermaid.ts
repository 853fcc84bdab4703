import { drawsRelation } from "../adr/relations.js";
import type { CorrespondenceReport } from "../reports/correspondence.js";
import { clip, flatten } from "./text.js";

const MAX_ADRS = 40;
const MAX_AREAS = 60;

/** A Mermaid label: letters, digits and a few path characters kept, everything else as `#NNN;`. */
export function mermaidLabel(text: string): string {
  let out = "";
  for (const ch of clip(flatten(text), 60)) {
    out += /[\p{L}\p{N} ./_-]/u.test(ch) ? ch : `#${ch.codePointAt(0)};`;
  }
  return `"${out}"`;
}

/**
 * A Mermaid flowchart of ADR relations and coverage: ADRs (drifted ones marked), their typed
 * relations, the areas they cover, the decisions outside ADRs per area, uncovered areas marked.
 */
export function renderMermaid(report: CorrespondenceReport): string {
  const lines = [
    "flowchart LR",
    "  classDef drifted fill:#fde2e1,stroke:#c0392b",
    "  classDef uncovered fill:#fff3cd,stroke:#b7791f",
    "  classDef area fill:#eef2ff,stroke:#5b6bbf",
  ];
  const ids = new Map<string, string>();
  const adrs = report.adrs.slice(0, MAX_ADRS);
  const byId = new Map(report.adrs.map((a) => [a.id, a.relations]));
  const relationsOf = (id: string) => byId.get(id);
  adrs.forEach((adr, i) => {
    ids.set(adr.id, `adr${i}`);
    const number = adr.number === null ? "ADR" : `ADR-${String(adr.number).padStart(4, "0")}`;
    lines.push(`  adr${i}[${mermaidLabel(`${number} ${adr.title} (${adr.status})`)}]`);
  });
  for (const adr of adrs)
    for (const rel of adr.relations) {
      const target = ids.get(rel.target);
      if (target && drawsRelation(rel.type, adr.id, rel.target, relationsOf))
        lines.push(`  ${ids.get(adr.id)} -- ${mermaidLabel(rel.type)} --> ${target}`);
    }
  const inAdr = new Set(report.adrs.flatMap((a) => a.record_ids));
  const areas = report.areas.slice(0, MAX_AREAS);
  let loose = false;
  areas.forEach((area, i) => {
    lines.push(
      `  area${i}[${mermaidLabel(`${area.area} · ${area.covered_files}/${area.files} files`)}]:::area`,
    );
    for (const id of area.adrs) if (ids.has(id)) lines.push(`  ${ids.get(id)} --> area${i}`);
    const outside = area.decisions.filter((d) => !inAdr.has(d)).length;
    if (outside > 0) {
      loose = true;
      lines.push(`  decisions -- ${outside} --> area${i}`);
    }
    if (area.covered_files === 0) lines.push(`  class area${i} uncovered`);
  });
  if (loose) lines.splice(4, 0, `  decisions[${mermaidLabel("decisions outside ADRs")}]`);
  for (const adr of adrs)
    if (adr.state === "drifted") lines.push(`  class ${ids.get(adr.id)} drifted`);
  const hidden = report.adrs.length - adrs.length + (report.areas.length - areas.length);
  if (hidden > 0)
    lines.push(`  more[${mermaidLabel(`${hidden} more ADRs and areas in the tables`)}]`);
  return lines.join("\n");
}
