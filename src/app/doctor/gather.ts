import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { isAbandoned } from "../../adapters/file-lock.js";
import { inspectClone } from "../../adapters/git/inspect.js";
import { readLocalState, stateDir } from "../../adapters/local-state.js";
import { hasAdriftHooks } from "../../core/agents/hook-config.js";
import type { DoctorFacts } from "../../core/doctor/facts.js";
import { futureEventsError } from "../../core/project/unreadable-lines.js";
import { compileScope, isExclusion, unescapeEntry } from "../../core/rules/scope.js";
import { adrFilesIn } from "../adr/files.js";
import type { AppContext } from "../dependencies.js";
import { hasLefthookEntries } from "../hooks/lefthook.js";
import { detectHookManager } from "../hooks/managers.js";
import { PENDING_MARKS_FILE } from "../hooks/pending-marks.js";
import { GITATTRIBUTES_RULE, indexMergeRule } from "../init.js";
import { validateProject } from "../validate/validate.js";
import { probeAgentHooks, readAgentConfigs } from "./agent-hooks.js";
import {
  readHookFacts,
  readHuskyHookFacts,
  readLefthookHookFacts,
  readSharedHookFacts,
} from "./hooks.js";

/** True when `.gitattributes` has both union rules `adrift init` writes: the log's and the ADR index's. */
function hasGitattributesRule(root: string, adrIndex: string): boolean {
  try {
    const lines = new Set(
      readFileSync(path.join(root, ".gitattributes"), "utf8")
        .split(/\r?\n/)
        .map((line) => line.trim()),
    );
    return lines.has(GITATTRIBUTES_RULE) && lines.has(indexMergeRule(adrIndex));
  } catch {
    return false;
  }
}

function lockIsAbandoned(lock: string): boolean {
  try {
    return isAbandoned(lock, readFileSync(lock, "utf8"));
  } catch {
    return false;
  }
}

/** JSON files under `<git dir>/adrift/` that no longer parse, and locks left behind. */
function cacheProblems(gitDir: string): DoctorFacts["cache_problems"] {
  const dir = stateDir(gitDir);
  const problems: DoctorFacts["cache_problems"] = [];
  const visit = (folder: string, depth: number) => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory() && depth < 2) visit(file, depth + 1);
      else if (entry.name.endsWith(".json")) {
        try {
          const text = readFileSync(file, "utf8");
          // the post-commit hook empties the pending-marks note: empty is "no note", not damage
          if (!(text === "" && entry.name === PENDING_MARKS_FILE)) JSON.parse(text);
        } catch {
          problems.push({ file, problem: "not valid JSON" });
        }
      } else if (entry.name.endsWith(".lock") && lockIsAbandoned(file))
        problems.push({ file, problem: "a lock left by a process that is gone" });
    }
  };
  visit(dir, 0);
  return problems;
}

/** Agent hook files where someone removed some of adrift's entries (or an older set is there). */
function partialAgentHooks(root: string): DoctorFacts["partial_agent_hooks"] {
  const partial: DoctorFacts["partial_agent_hooks"] = [];
  for (const { agent, file, config } of readAgentConfigs(root)) {
    const mentions = JSON.stringify(config).includes(`--agent ${agent}`);
    if (mentions && !hasAdriftHooks(agent, config)) partial.push({ agent, file });
  }
  return partial;
}

/** The ADR folder's files as `validate` and `adr renumber` read it: templates are no ADRs. */
function adrFiles(root: string, adrDir: string): string[] {
  return adrFilesIn(path.join(root, adrDir)).map((file) => path.basename(file));
}

/**
 * The scopes with, for entries matching no tracked file, where staleness followed the file's
 * renames to: such a record is not blind, it is `moved` (asked of staleness only when some entry
 * matches nothing).
 */
async function withMovedFiles(
  ctx: AppContext,
  scopes: DoctorFacts["scopes"],
  tracked: readonly string[],
): Promise<DoctorFacts["scopes"]> {
  const matchesNothing = (entry: string) => {
    if (isExclusion(entry)) return false;
    const scope = compileScope(entry);
    for (const file of tracked) if (scope.matches(file)) return false;
    return true;
  };
  const empty = scopes.filter((s) => s.entries.some(matchesNothing));
  if (empty.length === 0) return scopes;
  const { computeStaleness } = await import("../staleness/stale-report.js");
  const findings = new Map((await computeStaleness(ctx)).findings.map((f) => [f.record_id, f]));
  return scopes.map((s) => {
    const moved: Record<string, string> = {};
    // Keyed by the entry as written (`app/\[id\]/page.tsx` for the file `app/[id]/page.tsx`).
    const byFile = new Map(s.entries.map((e) => [unescapeEntry(e), e]));
    for (const p of findings.get(s.id)?.paths ?? []) {
      const entry = byFile.get(p.path);
      if (p.change === "renamed" && p.new_path && entry !== undefined && !isExclusion(entry))
        moved[entry] = p.new_path;
    }
    return Object.keys(moved).length > 0 ? { ...s, moved } : s;
  });
}

/** Gathers everything doctor looks at; reading only, never writing. */
export async function gatherDoctorFacts(
  ctx: AppContext,
  configError?: string,
): Promise<DoctorFacts> {
  const { root, gitDir } = ctx.git.location;
  const initialised = existsSync(path.join(root, ctx.config.log_dir));
  let log: DoctorFacts["log"];
  let logUnreadable: string | undefined;
  let scopes: DoctorFacts["scopes"] = [];
  const bases = new Map<string, string[]>();
  if (initialised) {
    try {
      // One read serves both: validate's problems and the records whose scopes doctor checks.
      const { report, state, log: read } = await validateProject(ctx);
      // duplicate ADR numbers are validate's too, but doctor reports them once, as ADR-D014
      const problems = report.problems.filter((p) => p.code !== "duplicate_adr_number");
      const first = (severity: string) => {
        const p = problems.find((x) => x.severity === severity);
        return p ? `${p.file}:${p.line} ${p.message}` : undefined;
      };
      const errors = problems.filter((p) => p.severity === "error").length;
      log = {
        errors,
        warnings: problems.length - errors,
        ...(first("error") ? { first_error: first("error") } : {}),
        ...(first("warning") ? { first_warning: first("warning") } : {}),
      };
      const refusal = futureEventsError(read);
      if (refusal) throw refusal;
      for (const record of state.records.values()) {
        if (record.status === "superseded" || !record.basis) continue;
        scopes.push({
          id: record.id,
          outcome: record.card.outcome,
          entries: record.basis.touched_paths,
        });
        const revision = record.basis.revision;
        if (revision) bases.set(revision, [...(bases.get(revision) ?? []), record.id]);
      }
    } catch (error) {
      logUnreadable = (error as Error).message;
      scopes = [];
    }
  }
  const clone = await inspectClone(ctx.git, [...bases.keys()]);
  scopes = await withMovedFiles(ctx, scopes, clone.tracked).catch(() => scopes);
  // husky 9: adrift's lines live in the tracked `.husky/<hook>` files, not in husky's `_` folder.
  const manager = detectHookManager(root, path.resolve(root, clone.hooks_dir));
  const husky = manager?.kind === "husky" ? manager : undefined;
  return {
    initialised,
    log_dir: ctx.config.log_dir,
    gitattributes_rule: hasGitattributesRule(root, ctx.config.adr_index),
    ...(configError ? { config_error: configError } : {}),
    hooks_dir: clone.hooks_dir,
    ...(clone.hooks_path ? { hooks_path: clone.hooks_path } : {}),
    hooks: husky
      ? readHuskyHookFacts(husky.dir)
      : manager?.kind === "shared"
        ? readSharedHookFacts(manager.dir)
        : manager?.kind === "lefthook" && hasLefthookEntries(root)
          ? readLefthookHookFacts(path.resolve(root, clone.hooks_dir))
          : readHookFacts(clone.hooks_dir),
    ...(log ? { log } : {}),
    ...(logUnreadable ? { log_unreadable: logUnreadable } : {}),
    cache_problems: cacheProblems(gitDir),
    shallow: clone.shallow,
    missing_revisions: [...bases]
      .filter(([revision]) => !clone.present.has(revision))
      .map(([revision, records]) => ({ revision, records })),
    tracked: clone.tracked,
    scopes,
    broad_scope_ratio: ctx.config.broad_scope_ratio,
    adr_dir: ctx.config.adr_dir,
    adr_files: adrFiles(root, ctx.config.adr_dir),
    partial_agent_hooks: partialAgentHooks(root),
    agent_hook_failures: await probeAgentHooks(root, ctx.env),
    set_aside_marks: initialised && !logUnreadable ? await marksSetAside(ctx) : [],
  };
}

/** The log files with marks set aside at HEAD, and the branch this clone wrote each on. */
async function marksSetAside(ctx: AppContext): Promise<DoctorFacts["set_aside_marks"]> {
  const { logDirsOf, logFileStamps } = await import("../../adapters/log-files.js");
  const { setAsideMarks } = await import("../staleness/marks-set-aside.js");
  const { root, gitDir } = ctx.git.location;
  const stamps = await logFileStamps(logDirsOf(root, ctx.config.log_dir), root, gitDir);
  const byFile = new Map<string, { marks: number; records: Set<string> }>();
  for (const mark of await setAsideMarks(ctx, stamps)) {
    const entry = byFile.get(mark.file) ?? { marks: 0, records: new Set<string>() };
    entry.marks++;
    entry.records.add(mark.decision_id);
    byFile.set(mark.file, entry);
  }
  const branches = new Map<string, string>();
  for (const [key, file] of Object.entries(readLocalState(gitDir).files))
    branches.set(path.join(root, ctx.config.log_dir, file), key.split("\0")[1]!);
  return [...byFile].map(([file, { marks, records }]) => {
    const branch = branches.get(path.join(root, file));
    return { file, ...(branch ? { branch } : {}), marks, records: [...records].sort() };
  });
}
