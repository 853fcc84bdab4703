import { numberOf } from "../adr/values.js";
import { HOOK_NAMES } from "../hook-names.js";
import { compileScope, isExclusion, shownEntry } from "../rules/scope.js";
import type { DoctorFacts } from "./facts.js";
import { type DoctorFinding, finding, DOCTOR_RULES as R } from "./rules.js";

/** Hooks adrift installs (the list `hook install` writes, docs/hooks.md); pre-commit marks staleness. */
export const ADRIFT_HOOKS = HOOK_NAMES;

/** A scope needs this many tracked files before "most of the repository" means anything. */
const BROAD_MIN_FILES = 10;

function checkSetup(f: DoctorFacts): DoctorFinding[] {
  const out: DoctorFinding[] = [];
  if (!f.initialised)
    out.push(
      finding(
        R.notInitialised,
        `${f.log_dir}/ does not exist, so there is no log to read`,
        "adrift init",
      ),
    );
  if (!f.gitattributes_rule)
    out.push(
      finding(
        R.gitattributes,
        "without `merge=union` for the log and the ADR index, local merges of two branches' log files or accepted ADRs can conflict",
        "adrift init",
        ".gitattributes",
      ),
    );
  if (f.config_error)
    out.push(
      finding(
        R.config,
        f.config_error,
        "fix the file (see docs/formats.md), or delete it to use the defaults",
        ".decisions/config.json",
      ),
    );
  return out;
}

function checkHooks(f: DoctorFacts): DoctorFinding[] {
  const where = f.hooks_path ? `${f.hooks_dir} (core.hooksPath)` : f.hooks_dir;
  const installed = f.hooks.filter((h) => h.has_block);
  if (installed.length === 0)
    return [
      finding(
        R.hooksMissing,
        `no hook in ${where} carries adrift's block: commits that change decided code are not marked stale as they land`,
        "adrift hook install",
      ),
    ];
  const out: DoctorFinding[] = [];
  const missing = f.hooks.filter((h) => !h.has_block).map((h) => h.name);
  if (missing.length > 0)
    out.push(
      finding(
        R.hooksPartial,
        `${missing.join(", ")} in ${where} lack adrift's block`,
        "adrift hook install",
      ),
    );
  for (const hook of installed) {
    if (!hook.executable)
      out.push(
        finding(
          R.hookNotExecutable,
          `${where}/${hook.name} is not executable, so git skips it`,
          `chmod +x ${where}/${hook.name}`,
          hook.name,
        ),
      );
    if (hook.unreachable)
      out.push(
        finding(
          R.hookUnreachable,
          `${hook.name} ends (exit/exec) before adrift's block, so the block never runs`,
          `move the block above that line, or run adrift hook install --force`,
          hook.name,
        ),
      );
  }
  const outdated = installed.filter((h) => h.outdated).map((h) => h.name);
  if (outdated.length > 0)
    out.push(
      finding(
        R.hookOutdated,
        `adrift's block in ${outdated.join(", ")} (${where}) was written by an older adrift: it works, without what this one adds`,
        "adrift hook install",
      ),
    );
  return out;
}

function checkLog(f: DoctorFacts): DoctorFinding[] {
  if (f.log_unreadable) return [finding(R.logInvalid, f.log_unreadable, "adrift validate")];
  if (!f.log) return [];
  const out: DoctorFinding[] = [];
  if (f.log.errors > 0)
    out.push(
      finding(
        R.logInvalid,
        `${f.log.errors} error(s), first: ${f.log.first_error ?? "?"}`,
        "adrift validate",
      ),
    );
  if (f.log.warnings > 0)
    out.push(
      finding(
        R.logWarnings,
        `${f.log.warnings} warning(s), first: ${f.log.first_warning ?? "?"}`,
        "adrift validate",
      ),
    );
  return out;
}

function checkClone(f: DoctorFacts): DoctorFinding[] {
  const out: DoctorFinding[] = f.cache_problems.map((p) =>
    finding(R.cache, `${p.file}: ${p.problem}`, `rm ${p.file}  # adrift rebuilds it`, p.file),
  );
  // a shallow clone that still has every basis revision has the history staleness needs
  if (f.missing_revisions.length > 0) {
    const missing = f.missing_revisions.length;
    const ids = [...new Set(f.missing_revisions.flatMap((m) => m.records))].sort();
    // Which records, so the fix can be run as it is printed (a few named; the count says the rest).
    const named =
      ids.slice(0, 5).join(", ") + (ids.length > 5 ? `, and ${ids.length - 5} more` : "");
    out.push(
      finding(
        R.shallow,
        [
          f.shallow ? "this is a shallow clone" : "history was rewritten",
          `; ${missing} basis revision(s) of ${ids.length} record(s) are not here (${named})`,
          ". Fingerprints alone can tell whether a scoped file's content differs from when it was recorded,",
          " but not which commits changed it, by whom, whether a commit belongs to the record's own workline,",
          " or a rename from a delete — so those records are never reported stale on a missing revision alone.",
          f.shallow
            ? ""
            : " A record made on a branch that was rebased or squashed before it merged rests on a commit that only the old branch had.",
        ].join(""),
        f.shallow
          ? "git fetch --unshallow"
          : `fetch the missing revisions, or check each record and re-base it here: adrift decision reverify ${ids[0]} --note "<what you checked>"`,
        ids.length === 1 ? ids[0] : undefined,
      ),
    );
  }
  return out;
}

function checkScopes(f: DoctorFacts): DoctorFinding[] {
  const out: DoctorFinding[] = [];
  const total = f.tracked.length;
  for (const record of f.scopes) {
    for (const entry of record.entries) {
      if (isExclusion(entry)) continue; // it narrows the others; matching nothing is harmless
      const scope = compileScope(entry);
      let count = 0;
      for (const file of f.tracked) if (scope.matches(file)) count++;
      const moved = record.moved?.[entry];
      const shown = shownEntry(entry); // `app/[id]/x.ts`, as a reader names it, not `app/\[id\]/x.ts`
      if (count === 0 && moved !== undefined)
        out.push(
          finding(
            R.scopeMoved,
            `${record.id} ("${record.outcome}") is scoped to ${shown}, which was renamed to ${moved}: adrift follows the file there (an edit there makes the record stale), but the scope still names the old path`,
            `adrift decision reverify ${record.id.slice(0, 10)} (re-bases the scope on ${moved} once the decision is checked)`,
            record.id,
          ),
        );
      else if (count === 0)
        out.push(
          finding(
            R.scopeEmpty,
            `${record.id} ("${record.outcome}") is scoped to ${shown}, which matches no tracked file: ${scope.kind === "path" ? "only a file created at that path can make it stale" : "it cannot go stale (a file added there would only be for review)"}`,
            `adrift intent amend ${record.id.slice(0, 10)} … or adrift decision supersede ${record.id.slice(0, 10)} --by <id>`,
            record.id,
          ),
        );
      else if (total >= BROAD_MIN_FILES && count / total > f.broad_scope_ratio)
        out.push(
          finding(
            R.scopeBroad,
            `${record.id} ("${record.outcome}") is scoped to ${shown}, which matches ${count} of ${total} tracked files: every commit will make it stale`,
            "narrow the scope to the paths the decision is about",
            record.id,
          ),
        );
    }
  }
  return out;
}

function checkAdrs(f: DoctorFacts): DoctorFinding[] {
  // Numbered as validate and renumber number them: `0007-x.md` and `007-y.md` share 7, and a
  // log4brains `20200925-slug.md` has no number (its slug is its id).
  const byNumber = new Map<string, string[]>();
  for (const name of f.adr_files) {
    const n = numberOf(name);
    if (n === undefined) continue;
    const number = String(n).padStart(4, "0");
    byNumber.set(number, [...(byNumber.get(number) ?? []), name]);
  }
  return [...byNumber]
    .filter(([, files]) => files.length > 1)
    .map(([number, files]) =>
      finding(
        R.adrNumbers,
        `ADR ${number} is taken by ${files.map((n) => `${f.adr_dir}/${n}`).join(" and ")}`,
        "adrift adr renumber",
        number,
      ),
    );
}

function checkAgentHooks(f: DoctorFacts): DoctorFinding[] {
  const partial = f.partial_agent_hooks.map((h) =>
    finding(
      R.agentHooks,
      `${h.file} runs some of adrift's ${h.agent} hooks but not all, so the agent misses part of its context`,
      `adrift agent install ${h.agent}`,
      h.file,
    ),
  );
  const failing = f.agent_hook_failures.map((h) =>
    finding(
      R.agentHookFails,
      `${h.file}: \`${h.command}\` ${h.problem}; ${h.agent} runs it${h.events.length > 1 ? ` (and ${h.events.length - 1} more hook(s) start adrift as \`${h.program}\`)` : ""} and hears nothing from adrift`,
      `adrift agent install ${h.agent} (it writes a command that runs here), or install git-adrift where the command expects it`,
      h.file,
    ),
  );
  return [...partial, ...failing];
}

function checkMarks(f: DoctorFacts): DoctorFinding[] {
  return f.set_aside_marks.map((m) => {
    const where = m.branch ? `on ${m.branch}` : "on another branch";
    const records =
      m.records.length === 1 ? `record ${m.records[0]}` : `${m.records.length} records`;
    return finding(
      R.marksSetAside,
      `${m.file} is not committed and holds ${m.marks} stale mark(s), written ${where}, for commits HEAD does not reach: they are not applied here, so ${records} show as this branch's history has them`,
      m.branch
        ? `commit the file on ${m.branch} (git checkout ${m.branch}, then git add and commit it), or delete it if the marks are not wanted`
        : "commit the file on the branch whose commits it names, or delete it if the marks are not wanted",
      m.file,
    );
  });
}

/** Every finding for the facts, in rule order; pure. */
export function diagnose(facts: DoctorFacts): DoctorFinding[] {
  const findings = [
    ...checkSetup(facts),
    ...(facts.initialised ? checkHooks(facts) : []),
    ...checkLog(facts),
    ...checkClone(facts),
    ...checkScopes(facts),
    ...checkAdrs(facts),
    ...checkAgentHooks(facts),
    ...checkMarks(facts),
  ];
  return findings.sort((a, b) => a.rule.localeCompare(b.rule));
}
