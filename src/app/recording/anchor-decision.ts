// `adrift decision anchor`: narrows an existing record to anchors (`src/a.ts#parse`) with a new
// event, at the revision it was based on, so what it saw stays what it is judged against.
import { AdriftError } from "../../core/errors.js";
import type { Anchor, Basis } from "../../core/events/common.js";
import { escapeLiteral, scopeKind, unescapeEntry } from "../../core/rules/scope.js";
import type { AppContext } from "../dependencies.js";
import { loadProject } from "../log/load.js";
import { resolveAnchors } from "./anchors.js";
import { normalizeScopes } from "./basis.js";
import { requireDecisionLike } from "./records.js";
import { writeEvents } from "./writer.js";

/** What narrowing wrote: the event, the basis it gives the record, and what to do next. */
export type AnchoredResult = {
  id: string;
  decision_id: string;
  basis: Basis;
  warnings: string[];
  /** the record is marked stale: narrowing does not re-verify it */
  still_stale: boolean;
};

/**
 * Narrows record `ref` to the anchors in `entries` (each `file#symbol`): each file joins the
 * scope in place of an entry naming exactly it, and the file's anchors are replaced by the ones
 * given. Fingerprints are taken at the record's basis revision: a symbol that changed since
 * then still counts as changed. Refused for a file whose basis was uncommitted work (re-verify
 * first) and for an entry that names no symbol.
 */
export async function anchorDecision(
  ctx: AppContext,
  ref: string,
  entries: readonly string[],
  note?: string,
): Promise<AnchoredResult> {
  const { state } = await loadProject(ctx);
  const record = requireDecisionLike(state, ref);
  const basis = record.basis;
  if (record.status === "superseded" || !basis || !basis.revision)
    throw new AdriftError(
      "conflict",
      `expected a record with a basis that is not superseded, got ${record.id}; record a new one with --path 'file#Symbol'`,
    );
  const wanted = normalizeScopes(entries);
  const { touched, anchors, warnings } = await resolveAnchors(ctx, basis.revision, wanted);
  const plain = touched.filter((t) => !anchors.some((a) => a.path === unescapeEntry(t)));
  if (plain.length > 0 || anchors.length === 0)
    throw new AdriftError(
      "validation_failed",
      `expected file#symbol entries naming files at the record's revision ${basis.revision.slice(0, 12)}, got ${plain.map((p) => JSON.stringify(p)).join(", ") || "none"}; e.g. --path 'src/a.ts#parse'`,
      { entries: plain },
    );
  const files = new Set(anchors.map((a) => a.path));
  const uncommitted = [...files].filter((f) => basis.uncommitted?.includes(f));
  if (uncommitted.length > 0)
    throw new AdriftError(
      "conflict",
      `${uncommitted.join(", ")} held uncommitted work when ${record.id} was recorded: re-verify it first (adrift decision reverify ${record.id.slice(0, 10)}), then narrow it`,
    );
  const kept: Anchor[] = (basis.anchors ?? []).filter((a) => !files.has(a.path));
  const scope = basis.touched_paths.filter(
    (p) => !(scopeKind(p) === "path" && files.has(unescapeEntry(p))),
  );
  const next: Basis = {
    ...basis,
    touched_paths: [
      ...scope,
      ...[...files].map((f) => escapeLiteral(f)).filter((f) => !scope.includes(f)),
    ],
    anchors: [...kept, ...anchors],
  };
  const written = await writeEvents(ctx, [
    {
      type: "decision_anchored",
      data: { decision_id: record.id, basis: next, ...(note ? { note } : {}) },
    },
  ]);
  return {
    id: written.at(-1)!.id,
    decision_id: record.id,
    basis: next,
    warnings,
    still_stale: record.status === "stale",
  };
}
