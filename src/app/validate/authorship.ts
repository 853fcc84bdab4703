import type { GitAdapter } from "../../adapters/git/types.js";
import type { Problem } from "../../core/events/parse.js";
import type { ProjectState } from "../../core/project/state.js";
import { changeRefusal, type RecordChange, recordOwner } from "../../core/rules/amendment.js";
import type { HistoryLine } from "./append-only.js";

/** A line appended since the base that only one person may have written. */
type Claim = {
  line: number;
  /** the email of that person */
  expected: string;
  code: "answer_not_by_author" | "not_by_answerer";
  /** what the line is, for messages */
  what: string;
  /** what is wrong with the line's own words (its actor), when something is */
  refusal?: string;
};

const same = (a: unknown, b: string) =>
  typeof a === "string" && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The claim of one appended line: an answer, or a change of a user's decision. */
function claimOf(state: ProjectState, line: HistoryLine, number: number): Claim | undefined {
  const data = line.data ?? {};
  const id = line.id ?? "?";
  if (line.type === "open_question_answered") {
    const question = state.questions.get(String(data.question_id ?? ""));
    const author = question && state.sessions.get(question.session_id)?.author.email;
    if (!author) return undefined; // an unknown question is unknown_reference
    const by = (data.answered_by as { email?: unknown } | undefined)?.email;
    const refusal =
      line.actor?.kind !== "human" || !same(line.actor.email, author) || !same(by, author)
        ? `the answer ${id} says it was given by ${String(by ?? line.actor?.email ?? "nobody")} (${String(line.actor?.kind ?? "no actor")}), but only the question's session author ${author} may answer it`
        : undefined;
    const what = `the answer ${id}`;
    return { line: number, expected: author, code: "answer_not_by_author", what, refusal };
  }
  const change: RecordChange | undefined =
    line.type === "intent_card_amended"
      ? "amend"
      : line.type === "decision_superseded"
        ? "supersede"
        : undefined;
  if (!change) return undefined;
  const target = String((change === "amend" ? data.target_id : data.decision_id) ?? "");
  const record = state.records.get(target);
  const owner = record && recordOwner(record);
  if (!record || !owner) return undefined;
  const refusal = changeRefusal(record, line.actor as never, change);
  const noun = change === "amend" ? "amendment" : "supersession";
  const what = `this ${noun} of decision ${record.id}, ${owner.email}'s answer to question ${record.question_id}`;
  return { line: number, expected: owner.email, code: "not_by_answerer", what, refusal };
}

/**
 * Who committed the lines appended to `file` since the base that only one person may write:
 * answers (the question's session author) and changes of a user's decision (that user). Both the
 * author and the committer of the commit that added the line must be that person; a line whose
 * own actor is someone else fails without asking git. In a shallow clone a line git gives to a
 * shallow commit cannot be attributed: an error, never a pass. Lines not committed yet are noted.
 */
export async function checkAuthorship(
  git: GitAdapter,
  state: ProjectState,
  file: string,
  appended: { line: HistoryLine; number: number }[],
  shallow: ReadonlySet<string>,
  notices: string[],
): Promise<Problem[]> {
  const claims = appended
    .map(({ line, number }) => claimOf(state, line, number))
    .filter((c): c is Claim => c !== undefined);
  if (claims.length === 0) return [];
  const origins = await git.lineOrigins(file);
  const problems: Problem[] = [];
  const fail = (claim: Claim, code: Problem["code"], message: string) =>
    problems.push({ file, line: claim.line, severity: "error", code, message });
  for (const claim of claims) {
    if (claim.refusal) {
      fail(claim, claim.code, claim.refusal);
      continue;
    }
    const origin = origins[claim.line - 1];
    if (!origin) {
      notices.push(
        `${file}:${claim.line}: ${claim.what} is not committed yet; who committed it is checked once it is`,
      );
      continue;
    }
    const commit = origin.commit.slice(0, 12);
    if (shallow.has(origin.commit)) {
      fail(
        claim,
        "history_unavailable",
        `cannot tell who committed ${claim.what}: git gives it to ${commit}, where this shallow clone's history stops; fetch the full history (actions/checkout with fetch-depth: 0, or git fetch --unshallow) and run again`,
      );
      continue;
    }
    if (same(origin.author_email, claim.expected) && same(origin.committer_email, claim.expected))
      continue;
    const by =
      origin.author_email === origin.committer_email
        ? `committed by ${origin.author_email}`
        : `authored by ${origin.author_email} and committed by ${origin.committer_email}`;
    fail(
      claim,
      claim.code,
      `${claim.what} was ${by} in ${commit}; only ${claim.expected} may write it`,
    );
  }
  return problems;
}
