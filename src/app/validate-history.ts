import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  LOG_SUFFIX,
  listLogFiles,
  logDirsRelative,
  normalizeLogDir,
} from "../adapters/log-files.js";
import { DECISIONS_DIR } from "../core/config-defaults.js";
import { AdriftError } from "../core/errors.js";
import type { Problem } from "../core/events/parse.js";
import type { ProjectState } from "../core/project/state.js";
import type { AppContext } from "./context.js";
import { logDirs } from "./load.js";
import { compareWithOld, type HistoryLine, historyLines } from "./validate-append-only.js";
import { checkAuthorship } from "./validate-authorship.js";
import { checkBackDating } from "./validate-dates.js";

const FETCH =
  "fetch the full history (actions/checkout with fetch-depth: 0, or git fetch --unshallow) and run again";

async function readCurrent(root: string, file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path.join(root, file));
  } catch {
    return undefined;
  }
}

/** git's object id of a blob with these bytes (SHA-1, or SHA-256 for a 64-digit `like`). */
function blobId(bytes: Buffer, like: string): string {
  return createHash(like.length === 64 ? "sha256" : "sha1")
    .update(`blob ${bytes.length}\0`)
    .update(bytes)
    .digest("hex");
}

/** Marks a file whose lines at the base are all there and nothing was appended. */
const UNCHANGED = Number.POSITIVE_INFINITY;

/**
 * The commit the log is compared with: `rev`, or — when HEAD did not grow from it (the base
 * branch moved on) — their merge base, the log as HEAD's branch had it. Fails, saying to fetch
 * the history, when a shallow clone cannot tell.
 */
async function resolveBase(ctx: AppContext, rev: string, shallow: ReadonlySet<string>) {
  const resolved = await ctx.git.resolveRevision(rev);
  if (!resolved)
    throw new AdriftError(
      "validation_failed",
      shallow.size > 0
        ? `--against ${rev} is not in this clone, which is shallow: ${FETCH}`
        : `--against ${rev} does not name a commit here`,
      { rev },
    );
  const head = await ctx.git.resolveRevision("HEAD");
  if (!head || (await ctx.git.isAncestor(resolved, head))) return { base: resolved, notices: [] };
  const [base] = shallow.size > 0 ? [] : await ctx.git.mergeBases([resolved, head]);
  if (!base)
    throw new AdriftError(
      "validation_failed",
      shallow.size > 0
        ? `this shallow clone does not show how HEAD relates to --against ${rev}: ${FETCH}`
        : `HEAD and --against ${rev} share no history: give the revision HEAD's branch grew from`,
      { rev },
    );
  const note = `${rev} is not an ancestor of HEAD: compared with their merge base ${base.slice(0, 12)}, the log as HEAD's branch had it`;
  return { base, notices: [note] };
}

/** The log dir the config at `rev` named (the default when it had none or an invalid one). */
async function logDirAt(ctx: AppContext, rev: string, notices: string[]): Promise<string> {
  const file = `${DECISIONS_DIR}/config.json`;
  const text = (await ctx.git.readFileAt(rev, file))?.toString("utf8");
  const { parseConfig } = await import("../core/config.js");
  try {
    return parseConfig(text, `${file} at ${rev.slice(0, 12)}`).log_dir;
  } catch (error) {
    notices.push(
      `${(error as Error).message}; its log is taken to be under ${parseConfig(undefined).log_dir}`,
    );
    return parseConfig(undefined).log_dir;
  }
}

const isLogIn = (dirs: readonly string[], file: string) =>
  file.endsWith(LOG_SUFFIX) && dirs.some((dir) => file.startsWith(`${dir}/`));

/**
 * `validate --against <rev>`: every log file at `rev` — wherever adrift read it as log then, in
 * `.decisions/` or in that revision's log dir — is still read as log, with every line unchanged
 * and in place; events appended since are not dated before their file's first commit; and the
 * appended lines only one person may write (answers, changes of a user's decision) were
 * authored and committed by that person. What could not be checked is said in `notices`.
 */
export async function checkHistory(
  ctx: AppContext,
  rev: string,
  state: ProjectState,
): Promise<{ problems: Problem[]; notices: string[] }> {
  const shallow = await ctx.git.shallowCommits();
  const { base, notices } = await resolveBase(ctx, rev, shallow);
  if (shallow.size > 0)
    notices.push(
      `this clone is shallow: lines committed before its history begins cannot be attributed; to check everything, ${FETCH}`,
    );
  const root = ctx.git.location.root;
  const oldLogDir = normalizeLogDir(await logDirAt(ctx, base, notices));
  const newLogDir = normalizeLogDir(ctx.config.log_dir);
  const oldDirs = logDirsRelative(oldLogDir);
  const current = (await listLogFiles(logDirs(ctx))).map((file) =>
    path.relative(root, file).split(path.sep).join("/"),
  );
  const reading = new Set(current);
  const problems: Problem[] = [];
  const appendedFrom = new Map<string, number>();
  for (const entry of (await ctx.git.listFiles(base)).filter((e) => isLogIn(oldDirs, e.path))) {
    let file = entry.path;
    let gone = "the file was removed";
    if (!reading.has(file) && oldLogDir !== newLogDir && file.startsWith(`${oldLogDir}/`)) {
      // The log dir moved in this diff: the file counts where the new log dir has it.
      const moved = `${newLogDir}/${file.slice(oldLogDir.length + 1)}`;
      const change = `log_dir changed from ${oldLogDir} to ${newLogDir}`;
      if (reading.has(moved)) {
        notices.push(`${file} is read as ${moved} now (${change})`);
        file = moved;
      } else gone = `${change}: the file is no longer read as part of the log`;
    }
    const bytes = reading.has(file) ? await readCurrent(root, file) : undefined;
    // The same bytes as at the base: nothing to compare, nothing appended (no read from git).
    if (bytes && blobId(bytes, entry.oid) === entry.oid) {
      appendedFrom.set(file, UNCHANGED);
      continue;
    }
    const old = historyLines((await ctx.git.readFileAt(base, entry.path))?.toString("utf8") ?? "");
    const text = bytes?.toString("utf8");
    const compared = compareWithOld(
      file,
      base,
      old,
      text === undefined ? undefined : historyLines(text),
      gone,
    );
    problems.push(...compared.problems);
    if (text !== undefined) appendedFrom.set(file, compared.appendedFrom);
  }
  for (const file of current) {
    const from = appendedFrom.get(file) ?? 0;
    if (from === UNCHANGED) continue;
    const now: HistoryLine[] = historyLines(
      (await readCurrent(root, file))?.toString("utf8") ?? "",
    );
    const appended = now.slice(from).map((line, k) => ({ line, number: from + k + 1 }));
    if (appended.length === 0) continue;
    problems.push(...(await checkBackDating(ctx.git, file, appended, shallow, notices)));
    problems.push(...(await checkAuthorship(ctx.git, state, file, appended, shallow, notices)));
  }
  return { problems, notices };
}
