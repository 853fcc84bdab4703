import type { Problem } from "../../core/events/parse.js";

/** A log line as the history checks see it: its text and what they read of its JSON. */
export type HistoryLine = {
  text: string;
  id?: string;
  at?: string;
  type?: string;
  actor?: { kind?: unknown; email?: unknown };
  data?: Record<string, unknown>;
};

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** The lines of a file's text (CRLF read as LF), each with its id, time, type, actor and data. */
export function historyLines(text: string): HistoryLine[] {
  const out: HistoryLine[] = [];
  for (const raw of text.split("\n")) {
    const t = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    let parsed: Record<string, unknown> = {};
    try {
      parsed = record(JSON.parse(t)) ?? {};
    } catch {
      parsed = {};
    }
    out.push({
      text: t,
      id: typeof parsed.id === "string" ? parsed.id : undefined,
      at: typeof parsed.at === "string" ? parsed.at : undefined,
      type: typeof parsed.type === "string" ? parsed.type : undefined,
      actor: record(parsed.actor),
      data: record(parsed.data),
    });
  }
  if (out.at(-1)?.text === "") out.pop();
  return out;
}

/**
 * Lines of a log file at `rev` that were edited, removed, moved or had lines put before them since
 * (the append-only check), and where the lines appended since begin (`appendedFrom`, an index
 * into `now`). The old lines are matched in order against the current ones, so one removed line is
 * one problem, not one for every line after it. A line still there is reported where it is now;
 * a line gone, by its number at `rev`. `gone` says why a file is missing, when it is. A line gone
 * that `reverted` names (a revert commit took it out) is no problem: it is said in `notices`.
 */
export function compareWithOld(
  file: string,
  rev: string,
  before: HistoryLine[],
  now: HistoryLine[] | undefined,
  gone = "the file was removed",
  reverted: ReadonlyMap<string, string> = new Map(),
): { problems: Problem[]; appendedFrom: number; notices: string[] } {
  const problem = (line: number, code: Problem["code"], message: string): Problem => ({
    file,
    line,
    severity: "error",
    code,
    message,
  });
  const at = ` at ${rev.slice(0, 12)}`;
  const notices: string[] = [];
  const revertNotice = (old: HistoryLine, i: number) =>
    `${file}: line ${i + 1}${at}${old.id ? ` (event ${old.id})` : ""} was ${reverted.get(old.text)}`;
  if (!now) {
    if (before.length > 0 && before.every((old) => reverted.has(old.text)))
      return { problems: [], appendedFrom: 0, notices: before.map(revertNotice) };
    return {
      problems: [problem(1, "line_removed", `${gone} (it had ${before.length} line(s))`)],
      appendedFrom: 0,
      notices,
    };
  }
  const positions = new Map<string, number[]>();
  now.forEach((line, k) => {
    positions.set(line.text, [...(positions.get(line.text) ?? []), k]);
  });
  const problems: Problem[] = [];
  let j = 0;
  before.forEach((old, i) => {
    const current = now[j];
    if (current?.text === old.text) {
      j++;
      return;
    }
    if (current && current.id !== undefined && current.id === old.id) {
      problems.push(
        problem(
          j + 1,
          "line_edited",
          `line ${j + 1} (event ${old.id}, line ${i + 1}${at}) was edited`,
        ),
      );
      j++;
      return;
    }
    const later = positions.get(old.text)?.find((k) => k > j);
    if (later !== undefined) {
      const count = later - j;
      problems.push(
        problem(
          j + 1,
          "line_edited",
          `${count === 1 ? `line ${j + 1} is` : `lines ${j + 1}-${later} are`} not in the file${at} but come${count === 1 ? "s" : ""} before its line ${i + 1} (now line ${later + 1}): lines may only be appended`,
        ),
      );
      j = later + 1;
      return;
    }
    const earlier = positions.get(old.text)?.find((k) => k < j);
    if (earlier === undefined && reverted.has(old.text)) {
      notices.push(revertNotice(old, i));
      return;
    }
    problems.push(
      earlier !== undefined
        ? problem(
            earlier + 1,
            "line_edited",
            `line ${i + 1}${at} was moved to line ${earlier + 1} (lines may only be appended)`,
          )
        : problem(
            i + 1,
            "line_removed",
            `line ${i + 1}${at}${old.id ? ` (event ${old.id})` : ""} was removed or replaced`,
          ),
    );
  });
  return { problems, appendedFrom: j, notices };
}
