import { adrRef } from "./model.js";
import { numberOf } from "./values.js";

/** A typed link from one ADR to another: `amended-in-part-by ADR-0303`. */
export type AdrLink = { type: string; target: string };

/** Each relation type and the type the other ADR has in return. */
const INVERSE: Record<string, string> = {
  supersedes: "superseded-by",
  "supersedes-in-part": "superseded-in-part-by",
  amends: "amended-by",
  "amends-in-part": "amended-in-part-by",
  extends: "extended-by",
  "extends-in-part": "extended-in-part-by",
  clarifies: "clarified-by",
  overrides: "overridden-by",
  complements: "complemented-by",
  retires: "retired-by",
  "relates-to": "relates-to",
};
/** The types that say what this ADR does to the other (`supersedes`, not `superseded-by`). */
const ACTING = new Set(Object.keys(INVERSE));
for (const [a, b] of Object.entries(INVERSE)) INVERSE[b] = a;

/** The relation the other side of `type` has (`supersedes` <-> `superseded-by`). */
export function inverseOf(type: string): string | undefined {
  return INVERSE[type];
}

/**
 * Whether a diagram draws the relation `type` from ADR `from` to ADR `to`: one arrow per
 * relation. Relations are filled in on both sides (`supersedes` here, `superseded-by` there), so
 * the arrow goes from the side that acts (`supersedes`, `amends`); a `…-by` is drawn only when
 * the other side does not say it back, and `relates-to` once, from the smaller id.
 */
export function drawsRelation(
  type: string,
  from: string,
  to: string,
  relationsOf: (id: string) => readonly AdrLink[] | undefined,
): boolean {
  const back = INVERSE[type];
  if (!back || !relationsOf(to)?.some((r) => r.type === back && r.target === from)) return true;
  return type === back ? from < to : ACTING.has(type);
}

/**
 * The relation type a label names, as people write it in status lines and front matter keys:
 * `Superceded by`, `superseded_by`, `supersededBy`, `amended-in-part by`, `Partly superseded
 * by`, `Relates to`, `Replaced by`. Undefined for anything else.
 */
export function relationTypeOf(label: string): string | undefined {
  let words = label
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/[_*`:>-]+/g, " ")
    .replace(/\badr\s*$/, "")
    .replace(/\s+/g, " ")
    .trim();
  // `partly`, `in part` and `section` (a part of the other ADR) make a relation partial.
  const PARTIAL = /\b(partly|partially|in part|section)\b/g;
  const partly = PARTIAL.test(words);
  words = words
    .replace(PARTIAL, "")
    .replace(/superced/g, "supersed")
    .replace(/\s+/g, " ")
    .trim();
  const base = BASE.find(([re]) => re.test(words))?.[1];
  if (!base) return undefined;
  if (!partly) return base;
  const partial = base.endsWith("-by") ? `${base.slice(0, -3)}-in-part-by` : `${base}-in-part`;
  return INVERSE[partial] ? partial : base;
}

const BASE: [RegExp, string][] = [
  [/^(superseded|replaced)( by)?$/, "superseded-by"],
  [/^(supersedes|replaces)( of)?$/, "supersedes"],
  [/^amended( by)?$/, "amended-by"],
  [/^amends$/, "amends"],
  [/^extended( by)?$/, "extended-by"],
  [/^extends$/, "extends"],
  [/^clarified( by)?$/, "clarified-by"],
  [/^clarifies$/, "clarifies"],
  [/^overridden( by)?$/, "overridden-by"],
  [/^overrides$/, "overrides"],
  [/^complemented( by)?$/, "complemented-by"],
  [/^complements$/, "complements"],
  [/^retired by$/, "retired-by"],
  [/^retires$/, "retires"],
  [/^(relates to|related to|related|relates|see also)$/, "relates-to"],
];

/**
 * A reference to another ADR as written: a link target (`0042-x.md`), `ADR-0042`, `ADR 42`,
 * a zero-padded `0042`, or a log4brains slug. `ADR-0042` for a number, else the file name
 * without `.md`; undefined when it names no ADR (`#1198`, a URL, prose).
 */
export function adrTargetOf(written: string | number): string | undefined {
  if (typeof written === "number")
    return Number.isInteger(written) && written >= 0 ? adrRef(written) : undefined;
  const t = written.trim().replace(/^[[(<]+|[\])>.,;:]+$/g, "");
  if (!t || /^[a-z]+:\/\//i.test(t) || t.startsWith("#")) return undefined;
  const base = t.split(/[?#]/)[0]!.split("/").pop() ?? "";
  if (/\.md$/i.test(base)) {
    const n = numberOf(base);
    return n === undefined ? base.replace(/\.md$/i, "") : adrRef(n);
  }
  const numbered = /^(?:ADR[-\s#]?)?(\d{1,5})([a-z]?)$/i.exec(t);
  if (numbered && (numbered[2] || /^\d{3,5}$/.test(t) || /^ADR/i.test(t)))
    return numbered[2] ? t.replace(/^ADR[-\s#]?/i, "") : adrRef(Number(numbered[1]));
  if (/^[A-Z][A-Z0-9]+-\d+$/.test(t)) return t;
  if (/^\d{8}-[\w-]+$/.test(t) || /^[a-z0-9]+(-[a-z0-9]+){2,}$/.test(t)) return t;
  return undefined;
}

/** The ADR references in a piece of text, links first: `[0042](0042-x.md), ADR-7 and 0009`. */
export function adrTargetsIn(text: string): string[] {
  const out: string[] = [];
  const push = (t: string | undefined) => {
    if (t && !out.includes(t)) out.push(t);
  };
  const rest = text.replace(
    /\[([^\]]*)\]\(\s*<?([^)\s>]*)>?[^)]*\)/g,
    (_, label: string, url: string) => {
      push(adrTargetOf(url) ?? adrTargetOf(label));
      return " ";
    },
  );
  // Bare numbers only when zero-padded (`0042`): `2023` or `#1198` in prose are not ADRs.
  for (const m of rest.matchAll(
    /\b(?:ADR|Adr|adr)[-\s#]?(\d{1,5})\b|(?<![\w#.§-])(0\d{2,4}[a-z]?)(?![\w.-])|\b([A-Z][A-Z0-9]+-\d+)\b/g,
  ))
    push(adrTargetOf(m[1] ? `ADR-${m[1]}` : (m[2] ?? m[3]!)));
  return out;
}

/** What completing relations needs of an ADR. */
export type RelatedAdr = {
  id: string;
  number?: number;
  file: string;
  supersedes: string[];
  superseded_by: string[];
  links: AdrLink[];
};

/** How an ADR is named in another's relations: `ADR-0042` when numbered, else its id. */
export function refOfAdr(adr: Pick<RelatedAdr, "id" | "number">): string {
  return adr.number === undefined ? adr.id : adrRef(adr.number);
}

/**
 * Fills in the other direction of every relation between the given ADRs: when 0003 says
 * "superseded by 0009", 0009 supersedes 0003 even if its own file does not say so. A target
 * that names no ADR of the set, or more than one (a duplicate number), is left one-sided.
 * Mutates and returns the list.
 */
export function completeRelations<T extends RelatedAdr>(adrs: T[]): T[] {
  const byRef = new Map<string, T[]>();
  const add = (key: string, adr: T) => byRef.set(key, [...(byRef.get(key) ?? []), adr]);
  for (const adr of adrs) {
    if (adr.number !== undefined) add(adrRef(adr.number), adr);
    add(adr.id, adr);
    const base = adr.file.split("/").pop()!.replace(/\.md$/i, "");
    if (base !== adr.id) add(base, adr);
  }
  const resolve = (ref: string) => {
    const hits = [...new Set(byRef.get(ref) ?? [])];
    return hits.length === 1 ? hits[0] : undefined;
  };
  const pending: [T, string, string][] = [];
  for (const adr of adrs) {
    for (const t of adr.supersedes) pending.push([adr, "supersedes", t]);
    for (const t of adr.superseded_by) pending.push([adr, "superseded-by", t]);
    for (const l of adr.links) pending.push([adr, l.type, l.target]);
  }
  for (const [from, type, target] of pending) {
    const other = resolve(target);
    const back = inverseOf(type);
    if (!other || other === from || !back) continue;
    addRelation(other, back, refOfAdr(from));
  }
  return adrs;
}

/** Adds one relation to an ADR's lists, once. */
export function addRelation(adr: RelatedAdr, type: string, target: string): void {
  if (type === "supersedes") {
    if (!adr.supersedes.includes(target)) adr.supersedes.push(target);
  } else if (type === "superseded-by") {
    if (!adr.superseded_by.includes(target)) adr.superseded_by.push(target);
  } else if (!adr.links.some((l) => l.type === type && l.target === target))
    adr.links.push({ type, target });
}
