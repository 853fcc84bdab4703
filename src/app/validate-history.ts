import { readFile } from "node:fs/promises";
import path from "node:path";
import { LOG_SUFFIX } from "../adapters/log-files.js";
import { AdriftError } from "../core/errors.js";
import type { Problem } from "../core/events/parse.js";
import type { AppContext } from "./context.js";

type Line = {
  text: string;
  id?: string;
  at?: string;
  type?: string;
  data?: Record<string, unknown>;
};

function lines(text: string): Line[] {
  const out: Line[] = [];
  for (const raw of text.split("\n")) {
    const t = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    let parsed: { id?: unknown; at?: unknown; type?: unknown; data?: unknown } = {};
    try {
      parsed = JSON.parse(t);
    } catch {
      parsed = {};
    }
    out.push({
      text: t,
      id: typeof parsed.id === "string" ? parsed.id : undefined,
      at: typeof parsed.at === "string" ? parsed.at : undefined,
      type: typeof parsed.type === "string" ? parsed.type : undefined,
      data:
        typeof parsed.data === "object" && parsed.data
          ? (parsed.data as Record<string, unknown>)
          : undefined,
    });
  }
  if (out.at(-1)?.text === "") out.pop();
  return out;
}

async function readCurrent(root: string, file: string): Promise<string | undefined> {
  try {
    return await readFile(path.join(root, file), "utf8");
  } catch {
    return undefined;
  }
}

/**
 * Lines of the log at `rev` that were edited, removed, moved or had lines put before them since
 * (append-only check). The old lines are matched in order against the current ones, so one removed
 * line is one problem, not one for every line after it. A line still there is reported where it is
 * now; a line gone, by its number at `rev`.
 */
function compareWithOld(
  file: string,
  rev: string,
  before: Line[],
  now: Line[] | undefined,
): Problem[] {
  const problem = (line: number, code: Problem["code"], message: string): Problem => ({
    file,
    line,
    severity: "error",
    code,
    message,
  });
  if (!now)
    return [problem(1, "line_removed", `the file was removed (it had ${before.length} line(s))`)];
  const at = ` at ${rev.slice(0, 12)}`;
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
  return problems;
}

/**
 * `validate --against <rev>`: the log is append-only since `rev`, events appended after their
 * file's first commit are not dated before it, and answers were committed by the session author.
 */
export async function checkHistory(
  ctx: AppContext,
  rev: string,
  authorOfQuestion: (questionId: string) => string | undefined,
): Promise<{ problems: Problem[]; notices: string[] }> {
  const resolved = await ctx.git.resolveRevision(rev);
  if (!resolved)
    throw new AdriftError("validation_failed", `--against ${rev} does not name a commit here`, {
      rev,
    });
  const root = ctx.git.location.root;
  const logDir = ctx.config.log_dir.replace(/\/+$/, "");
  const isLog = (p: string) => p.startsWith(`${logDir}/`) && p.endsWith(LOG_SUFFIX);
  const problems: Problem[] = [];
  const notices: string[] = [];
  for (const entry of (await ctx.git.listFiles(resolved)).filter((e) => isLog(e.path))) {
    const old = await ctx.git.readFileAt(resolved, entry.path);
    const now = await readCurrent(root, entry.path);
    problems.push(
      ...compareWithOld(
        entry.path,
        resolved,
        lines(old?.toString("utf8") ?? ""),
        now === undefined ? undefined : lines(now),
      ),
    );
  }
  const { listLogFiles } = await import("../adapters/log-files.js");
  for (const absolute of await listLogFiles(path.join(root, logDir))) {
    const file = path.relative(root, absolute).split(path.sep).join("/");
    const now = lines((await readCurrent(root, file)) ?? "");
    const first = await ctx.git.firstCommitOf(file);
    if (first) {
      const initial = lines((await ctx.git.readFileAt(first.hash, file))?.toString("utf8") ?? "");
      now.slice(initial.length).forEach((line, k) => {
        if (line.at && Date.parse(line.at) < first.time * 1000)
          problems.push({
            file,
            line: initial.length + k + 1,
            severity: "error",
            code: "back_dated",
            message: `event ${line.id ?? "?"} is dated ${line.at}, before its file's first commit ${first.hash.slice(0, 10)} (${new Date(first.time * 1000).toISOString()})`,
          });
      });
    }
    const answers = now
      .map((l, i) => ({ l, i }))
      .filter(({ l }) => l.type === "open_question_answered");
    if (answers.length === 0) continue;
    const authors = await ctx.git.lineAuthors(file);
    if (!authors) {
      notices.push(`${file}: who committed the answers cannot be checked with this git adapter`);
      continue;
    }
    for (const { l, i } of answers) {
      const committer = authors[i];
      const expected = authorOfQuestion(String(l.data?.question_id ?? ""));
      if (!committer || !expected || committer.toLowerCase() === expected.toLowerCase()) continue;
      problems.push({
        file,
        line: i + 1,
        severity: "error",
        code: "answer_not_by_author",
        message: `the answer ${l.id ?? ""} was committed by ${committer}, not by the question's session author ${expected}`,
      });
    }
  }
  return { problems, notices };
}
