import { AdriftError, isAdriftError } from "../../core/errors.js";
import type { CardFields } from "../../core/events/common.js";
import type { ProjectState } from "../../core/project/state.js";
import {
  parseVerdicts,
  type ReviewVerdict,
  type VerdictProblem,
} from "../../core/review/verdicts.js";
import type { AppContext } from "../dependencies.js";
import { loadProject } from "../log/load.js";
import { decidingActor } from "../recording/actor.js";
import { anchorDecision } from "../recording/anchor-decision.js";
import { confirmRecord } from "../recording/consent.js";
import {
  amendRecord,
  findRecord,
  recordDecision,
  reverifyDecision,
  supersedeDecision,
} from "../recording/records.js";

/** What one applied verdict did: the events written, or the error that stopped it. */
export type VerdictResult = {
  id: string;
  action: ReviewVerdict["action"];
  ok: boolean;
  /** for a re-verification from an agent: written as a proposal a person confirms */
  proposed?: boolean;
  /** the events written, in order */
  events: string[];
  /** the new record, for a supersession by a new one */
  new_id?: string;
  error?: { code: string; message: string };
};

/**
 * Applies one verdict through the use cases of each action; `skip` writes nothing. A
 * supersession by a new record records it first (scope: the given paths, else the old record's)
 * and then supersedes.
 */
export async function applyVerdict(
  ctx: AppContext,
  verdict: ReviewVerdict,
): Promise<Omit<VerdictResult, "ok" | "error">> {
  const base = { id: verdict.id, action: verdict.action };
  switch (verdict.action) {
    case "reverify": {
      const result = await reverifyDecision(ctx, verdict.id, { note: verdict.note });
      return { ...base, events: [result.id], proposed: result.proposed };
    }
    case "confirm": {
      const result = await confirmRecord(ctx, verdict.id);
      return {
        ...base,
        events: [result.id, ...(result.reverified ? [result.reverified.id] : [])].filter(
          (id, i, all) => all.indexOf(id) === i,
        ),
      };
    }
    case "supersede": {
      let by = verdict.by;
      let created: string | undefined;
      if (verdict.new) {
        const { state } = await loadProject(ctx);
        const old = findRecord(state, verdict.id);
        const { paths, considered, ...card } = verdict.new;
        created = (
          await recordDecision(ctx, {
            ...(card as Partial<CardFields>),
            ...(considered ? { considered } : {}),
            touched_paths: paths ?? old.basis?.touched_paths ?? [],
          })
        ).id;
        by = created;
      }
      const result = await supersedeDecision(ctx, verdict.id, by!);
      return {
        ...base,
        events: [...(created ? [created] : []), result.id],
        ...(created ? { new_id: created } : {}),
      };
    }
    case "amend": {
      const result = await amendRecord(ctx, verdict.id, {
        ...verdict.changes,
        ...(verdict.reason ? { reason: verdict.reason } : {}),
      });
      return { ...base, events: [result.id] };
    }
    case "narrow": {
      // To anchors (`file#Symbol`): a decision_anchored at the same basis revision; to plain
      // paths: the scope amended.
      const result = verdict.paths.every(isAnchor)
        ? await anchorDecision(ctx, verdict.id, verdict.paths, verdict.reason)
        : await amendRecord(ctx, verdict.id, {
            touched_paths: verdict.paths,
            reason: verdict.reason ?? "narrowed in review",
          });
      return { ...base, events: [result.id] };
    }
    case "skip":
      return { ...base, events: [] };
  }
}

/** A scope entry naming a symbol of a file (`src/a.ts#parse`, `package.json#engines.node`). */
function isAnchor(entry: string): boolean {
  return /[^#]#[^#]/.test(entry);
}

/** Why a well-formed verdict cannot be applied to this log, or undefined when it can. */
function verdictProblem(
  state: ProjectState,
  verdict: ReviewVerdict,
  agent: boolean,
): string | undefined {
  let record: ReturnType<typeof findRecord>;
  try {
    record = findRecord(state, verdict.id);
  } catch (error) {
    return isAdriftError(error) ? error.message : String(error);
  }
  if (verdict.action === "skip") return undefined;
  if (record.status === "superseded")
    return `${record.id} is superseded by ${record.superseded_by}: review that one instead`;
  if ((verdict.action === "reverify" || verdict.action === "narrow") && !record.basis)
    return `${record.id} has no basis (code it is based on): nothing to ${verdict.action}`;
  if (verdict.action === "narrow" && verdict.paths.some(isAnchor) && !verdict.paths.every(isAnchor))
    return "narrow to anchors (file#Symbol) or to paths, not both in one verdict";
  if (verdict.action === "confirm") {
    if (agent) return `only a person confirms a proposal, and this is an agent's shell`;
    if (record.consent !== "proposed" && record.reverify_proposals.length === 0)
      return `${record.id} waits for no confirmation: nothing was proposed`;
  }
  if (verdict.action === "supersede" && verdict.by !== undefined) {
    try {
      if (findRecord(state, verdict.by).id === record.id)
        return "by names the record itself; give the record that replaces it";
    } catch (error) {
      return `by: ${isAdriftError(error) ? error.message : String(error)}`;
    }
  }
  return undefined;
}

/**
 * Applies the verdicts of a file (JSON array, object or NDJSON), all or none checked first: a
 * file with any malformed verdict, unknown record, duplicate or impossible action is refused
 * whole (`validation_failed`, every problem listed) and nothing is written. Then each verdict
 * is applied in order; one that fails (e.g. the log changed meanwhile) is reported and the
 * others still applied.
 */
export async function applyVerdicts(ctx: AppContext, text: string): Promise<VerdictResult[]> {
  const { verdicts, problems } = parseVerdicts(text);
  const { state } = await loadProject(ctx);
  const agent = (await decidingActor(ctx)).kind === "agent";
  const seen = new Map<string, number>();
  verdicts.forEach(({ verdict, line }, index) => {
    const message = verdictProblem(state, verdict, agent);
    if (message) problems.push({ line, verdict: index + 1, id: verdict.id, message });
    else if (verdict.action !== "skip") {
      const id = findRecord(state, verdict.id).id;
      const first = seen.get(id);
      if (first !== undefined)
        problems.push({
          line,
          verdict: index + 1,
          id: verdict.id,
          message: `a second verdict for ${id} (the first is verdict ${first}): one verdict per record`,
        });
      else seen.set(id, index + 1);
    }
  });
  if (problems.length > 0) throw refusal(problems);
  const results: VerdictResult[] = [];
  for (const { verdict } of verdicts) {
    try {
      results.push({ ...(await applyVerdict(ctx, verdict)), ok: true });
    } catch (error) {
      const known = isAdriftError(error)
        ? error
        : new AdriftError("io_failed", error instanceof Error ? error.message : String(error));
      results.push({
        id: verdict.id,
        action: verdict.action,
        ok: false,
        events: [],
        error: { code: known.code, message: known.message },
      });
    }
  }
  return results;
}

function refusal(problems: VerdictProblem[]): AdriftError {
  const first = problems[0]!;
  const where = `line ${first.line}${first.verdict ? ` (verdict ${first.verdict})` : ""}`;
  return new AdriftError(
    "validation_failed",
    `${problems.length} verdict problem(s), nothing applied; first at ${where}: ${first.message}; fix the file and run again (a verdict is {"id": …, "action": "reverify", "note": "what was checked"}; see adrift review --help)`,
    { problems },
  );
}
