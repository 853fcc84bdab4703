import { AdriftError } from "../errors.js";
import { clip, flatten } from "../render/text.js";
import type { ProjectState } from "./state.js";

/** The command that lists the artifacts an event type creates (their ids and keys). */
const LISTED_BY: Record<string, string> = {
  workline_opened: "adrift workline list",
  session_started: "adrift session show",
  business_rule_recorded: "adrift rule list",
  epic_created: "adrift epic list",
  story_created: "adrift story list",
  task_created: "adrift task list",
  open_question_declared: "adrift question list",
};

/** Where to find the ids `resolveRef` accepts: records (and anything) are in `adrift list`. */
function listingCommand(accept: readonly string[] | undefined): string {
  const commands = new Set((accept ?? []).map((type) => LISTED_BY[type] ?? "adrift list"));
  return commands.size === 1 ? [...commands][0]! : "adrift list";
}

/** What an artifact is called, for a reader choosing among ids: a record's outcome, a title. */
function titleOf(state: ProjectState, id: string): string {
  const title =
    state.records.get(id)?.card.outcome ??
    state.worklines.get(id)?.title ??
    state.stories.get(id)?.title ??
    state.tasks.get(id)?.title ??
    state.rules.get(id)?.title ??
    state.epics.get(id)?.title ??
    state.questions.get(id)?.question;
  const type = (state.artifacts.get(id) ?? "").replace(
    /_(recorded|opened|created|started|declared)$/,
    "",
  );
  return title === undefined ? `(${type.replace(/_/g, " ")})` : clip(flatten(title), 60);
}

/**
 * Resolves a full id, a unique id prefix (case-insensitive) or a human key to an artifact id.
 * `accept` limits the creating event types that count (e.g. only records).
 */
export function resolveRef(
  state: ProjectState,
  ref: string,
  options: { accept?: readonly string[]; what?: string } = {},
): string {
  const what = options.what ?? "artifact";
  const ok = (id: string) => {
    const type = state.artifacts.get(id);
    return type !== undefined && (!options.accept || options.accept.includes(type));
  };
  const trimmed = ref.trim();
  if (trimmed.length === 0)
    throw new AdriftError(
      "validation_failed",
      `expected a ${what} id, got an empty string; give an id, a unique prefix or a key`,
    );
  const byKey = state.keys.get(trimmed);
  if (byKey && ok(byKey)) return byKey;
  const upper = trimmed.toUpperCase();
  if (ok(upper)) return upper;
  if (upper.length >= 4) {
    const matches: string[] = [];
    for (const id of state.artifacts.keys()) if (id.startsWith(upper) && ok(id)) matches.push(id);
    if (matches.length === 1) return matches[0]!;
    if (matches.length > 1)
      throw new AdriftError(
        "ambiguous_id",
        `${what} id prefix "${trimmed}" matches ${matches.length} ids (${matches
          .slice(0, 5)
          .map((id) => `${id.slice(0, 10)} ${titleOf(state, id)}`)
          .join(
            "; ",
          )}${matches.length > 5 ? `; ${matches.length - 5} more` : ""}): give more characters`,
        {
          matches: matches.slice(0, 10),
        },
      );
  }
  // An ADR's number or file name is no record id: say where ADRs are listed and read.
  const adr = /^(?:ADR-?)?\d{1,6}(?:-[\w.-]*)?$/i.test(trimmed) && !/^\d+$/.test(trimmed);
  throw new AdriftError(
    "not_found",
    adr
      ? `no ${what} has the id, id prefix or key "${trimmed.slice(0, 80)}": ADRs are files, not records; \`adrift adr list\` lists them with their paths (and the records each holds)`
      : `no ${what} has the id, id prefix or key "${trimmed.slice(0, 80)}" (expected a full id, a unique prefix of 4+ characters, or a key); find ids with \`${listingCommand(options.accept)}\``,
    { ref: trimmed },
  );
}
