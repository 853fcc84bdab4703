// Where things are on a correspondence report's page: the anchors of its records, ADRs and code
// areas, so that every id the page names links to where it is described (and only there).
import { areaOf } from "../reports/areas.js";
import type { CorrespondenceReport } from "../reports/correspondence.js";
import { shownEntry } from "../rules/scope.js";
import { clip, flatten } from "./text.js";

/** Characters kept as they are in an anchor; every other one is written as `_<hex>_`. */
const KEPT = /[A-Za-z0-9.]/;

/** An anchor for `name` (injective: two names never share one; nothing HTML or a URL reads). */
export function anchorSlug(prefix: string, name: string): string {
  let out = `${prefix}-`;
  for (const ch of name) out += KEPT.test(ch) ? ch : `_${ch.codePointAt(0)!.toString(16)}_`;
  return out;
}

/** The anchors of a report's page, and the titles beside the ids it names. */
export type ReportAnchors = {
  /** the anchor of a record, ADR or area described on the page; undefined elsewhere */
  of(id: string): string | undefined;
  /** the anchor of the area a scope entry falls in, when the page has that area */
  areaOfEntry(entry: string): string | undefined;
  /** the title beside an id (a record's outcome, an ADR's title), one line, clipped */
  title(id: string): string;
  /** how the page names an id: `ADR-0007` for a numbered ADR, else its first ten characters */
  label(id: string): string;
};

/** The anchors of `report`'s records (`r-`), ADRs (`adr-`) and areas (`area-`). */
export function reportAnchors(report: CorrespondenceReport): ReportAnchors {
  const at = new Map<string, string>();
  for (const a of report.areas) at.set(`area:${a.area}`, anchorSlug("area", a.area));
  for (const a of report.adrs) at.set(a.id, anchorSlug("adr", a.id));
  for (const r of report.records) at.set(r.id, anchorSlug("r", r.id));
  const titles = report.titles ?? {};
  const numbers = new Map<string, string>();
  for (const a of report.adrs)
    if (a.number !== null) numbers.set(a.id, `ADR-${String(a.number).padStart(4, "0")}`);
  return {
    of: (id) => at.get(id),
    areaOfEntry(entry) {
      // the path an entry names (`app/\[id\]/` is `app/[id]/`), or a glob's literal part (before
      // any glob character), without its trailing slash
      const shown = shownEntry(entry);
      const literal = (shown !== entry ? shown : entry.split(/[*?[{]/)[0]!).replace(/\/+$/, "");
      for (const file of [`${literal}/x`, literal]) {
        const anchor = at.get(`area:${areaOf(file, report.depth)}`);
        if (anchor) return anchor;
      }
      return undefined;
    },
    title: (id) => (Object.hasOwn(titles, id) ? clip(flatten(titles[id]!), 120) : ""),
    label: (id) => numbers.get(id) ?? (id.length > 12 ? id.slice(0, 10) : id),
  };
}
