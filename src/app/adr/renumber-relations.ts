import { readFileSync, writeFileSync } from "node:fs";
import { isScalar, isSeq } from "yaml";
import { replaceRef } from "../../core/adr/links.js";
import { adrRef } from "../../core/adr/model.js";
import { numberOf } from "../../core/adr/values.js";
import { type AppContext, repoPath } from "../dependencies.js";
import { editFrontMatter } from "./front-matter.js";
import type { AdrSummary } from "./summary.js";

/**
 * After an ADR moved from `from` to `to`, the ADRs it supersedes (and those superseding it)
 * point at its new number. Relations are symmetric, so only a counterpart that names the moved
 * ADR from its side is touched; plain-text `ADR-0007` in prose is renumber-mentions' job.
 */
export function fixCounterparts(
  ctx: AppContext,
  adrs: readonly AdrSummary[],
  moved: { from: number; to: number; old_path: string },
): string[] {
  const adr = adrs.find((a) => a.path === moved.old_path);
  if (!adr) return [];
  const [fromRef, toRef] = [adrRef(moved.from), adrRef(moved.to)];
  const changed: string[] = [];
  const fix = (ref: string, key: "superseded-by" | "supersedes") => {
    const n = numberOf(ref);
    const hits = adrs.filter((a) => a.number === n && a.path !== moved.old_path);
    const other = hits.length === 1 ? hits[0]! : undefined;
    const names = key === "superseded-by" ? other?.superseded_by : other?.supersedes;
    if (!other || !names?.includes(fromRef)) return;
    const file = repoPath(ctx, other.path);
    const text = readFileSync(file, "utf8");
    if (!text.startsWith("---")) return;
    const next = editFrontMatter(text, other.path, (doc) => {
      const list = doc.get(key, true);
      if (isSeq(list))
        for (const item of list.items)
          if (isScalar(item) && item.value === fromRef) item.value = toRef;
      if (isScalar(list) && typeof list.value === "string")
        list.value = replaceRef(list.value, fromRef, toRef);
      const status = doc.get("status", true);
      if (key === "superseded-by" && isScalar(status) && typeof status.value === "string")
        status.value = replaceRef(status.value, fromRef, toRef);
    });
    if (next !== text) {
      writeFileSync(file, next);
      changed.push(other.path);
    }
  };
  for (const ref of adr.supersedes) fix(ref, "superseded-by");
  for (const ref of adr.superseded_by) fix(ref, "supersedes");
  return changed;
}
