import { truncate } from "../errors.js";
import { KNOWN_STATUSES } from "./model.js";
import { type AdrLink, adrTargetOf, adrTargetsIn, relationTypeOf } from "./relations.js";
import { isPlaceholder, type Read } from "./values.js";

/** A status line read: the status, the typed relations it names, and why it was not clean. */
export type StatusLine = { status: Read<string>; links: AdrLink[] };

const EMOJI = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|\uFE0F|\u200D|\u20E3/gu;
const LINK = /\[((?:[^[\]]|\[[^\]]*\])*)\]\(\s*<?([^)\s>]*)>?[^)]*\)/g;
// Clauses: `;`, parentheses, a spaced dash, or a comma before another status or relation word.
const CLAUSE_BREAK =
  /[;()]|\s[—–]\s|,\s*(?=(?:proposed|accepted|rejected|deprecated|superseded|superceded|draft|amended|amends|extended|extends|clarified|clarifies|overridden|overrides|complemented|complements|retired|relates|related|partly|partially|supersedes|replaced|replaces)\b)/i;
// Relations that leave the ADR in force: a line naming only these means it is accepted.
const IN_FORCE =
  /-in-part|^(amended-by|extended-by|clarified-by|complemented-by|relates-to|supersedes|amends|extends|clarifies|complements|overrides|retires)$/;

/**
 * Reads a status as people write it, with the relations it names: `Accepted`, `✅ accepted`,
 * `{ accepted }`, `Superceded by [3. X](0003-x.md)`, `superseded by ADR-0123`, `Partly
 * superseded`, `amended-in-part by [0303](0303-x.md), [0304](…)`, `proposed; superseded-in-part
 * by …`, `Accepted (Supersedes ADR-002)`. A `(was: …)` aside is history and is left out.
 * Unknown words are kept as written, with a warning; nothing is guessed silently.
 */
export function readStatusLine(raw: string): StatusLine {
  const written = raw.replace(/\s+/g, " ").trim();
  if (!written) return { status: { warning: "no status" }, links: [] };
  if (isPlaceholder(written))
    return {
      status: { warning: `status is a template placeholder left in ("${written}")` },
      links: [],
    };
  const notes: string[] = [];
  if (EMOJI.test(written)) notes.push("emoji");
  EMOJI.lastIndex = 0;
  if (/^\{\s*[^{}|]*\}$/.test(written)) notes.push("braces");
  if (/superced/i.test(written)) notes.push("the spelling 'superceded'");
  // Links become tokens first, so their brackets and parentheses do not split clauses.
  const targets: string[] = [];
  const tokenized = written.replace(LINK, (_, label: string, url: string) => {
    targets.push(adrTargetOf(url) ?? adrTargetOf(label) ?? "");
    return ` \u27e6${targets.length - 1}\u27e7 `;
  });
  const bare = tokenized
    .replace(EMOJI, "")
    .replace(/[{}*_`]/g, "")
    .replace(/\((?:was|formerly|previously)\b[^)]*\)/gi, " ");
  const clauses = bare
    .split(CLAUSE_BREAK)
    .map((c) => c.replace(/^[\s:.,-]+|[\s.,:]+$/g, "").replace(/\s+/g, " "))
    .filter(Boolean);
  let word: string | undefined;
  const links: AdrLink[] = [];
  let partlyUnnamed = false;
  for (const clause of clauses) {
    const firstTarget = clause.search(
      /\u27e6\d+\u27e7|\bADR[-\s#]?\d|(?<![\w#.§-])0\d{2,4}[a-z]?(?![\w.-])/i,
    );
    const label = (firstTarget < 0 ? clause : clause.slice(0, firstTarget)).trim();
    const named = [
      ...[...clause.matchAll(/\u27e6(\d+)\u27e7/g)].map((m) => targets[Number(m[1])]!),
      ...adrTargetsIn(clause.replace(/\u27e6\d+\u27e7/g, " ")),
    ].filter((t, i, all) => t && all.indexOf(t) === i);
    const lifecycle = lifecycleWord(label);
    const type = relationTypeOf(label);
    if (type && named.length > 0) {
      for (const target of named) links.push({ type, target });
      continue;
    }
    if (type?.includes("-in-part") && named.length === 0) {
      partlyUnnamed = true;
      continue;
    }
    if (lifecycle && word === undefined) word = lifecycle;
  }
  const supersededBy = links.filter((l) => l.type === "superseded-by").map((l) => l.target);
  let value = word;
  if (
    supersededBy.length > 0 &&
    (value === undefined || value === "accepted" || value === "proposed")
  )
    value = "superseded";
  if (value === undefined) {
    if ((links.length > 0 && links.every((l) => IN_FORCE.test(l.type))) || partlyUnnamed)
      value = "accepted";
  }
  if (value === "superseded" && supersededBy.length > 0)
    value = `superseded by ${supersededBy.join(", ")}`;
  if (value === undefined) {
    const kept = bare
      .toLowerCase()
      .replace(/\u27e6(\d+)\u27e7/g, (_, i) => targets[Number(i)] || "")
      .replace(/\s+/g, " ")
      .replace(/^[\s:.-]+|[\s.]+$/g, "");
    return {
      status: {
        value: kept || written,
        warning: `unknown status "${truncate(written, 80)}" kept as written (expected one of ${KNOWN_STATUSES.join(", ")})`,
      },
      links,
    };
  }
  if (partlyUnnamed) notes.push("a partial supersession that names no ADR");
  return {
    status: notes.length
      ? { value, warning: `status "${written}" read as "${value}" (had ${notes.join(", ")})` }
      : { value },
    links,
  };
}

/** The lifecycle status a label starts with (`superceded` spelled right), if any. */
function lifecycleWord(label: string): string | undefined {
  const first = /^[A-Za-z]+/.exec(label)?.[0]?.toLowerCase() ?? "";
  const word = first === "superceded" ? "superseded" : first;
  return (KNOWN_STATUSES as readonly string[]).includes(word) ? word : undefined;
}

/** Reads a status as people write it, without its relations (see `readStatusLine`). */
export function readStatus(raw: string): Read<string> {
  return readStatusLine(raw).status;
}
