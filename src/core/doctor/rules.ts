/** The rules `adrift doctor` checks. Ids are stable: never renumber, only add (docs/doctor.md). */

export type DoctorSeverity = "error" | "warning";

/** One rule: what it is about and how bad a finding is. Errors mean adrift is blind. */
export type DoctorRule = { id: string; name: string; severity: DoctorSeverity; title: string };

export const DOCTOR_RULES = {
  notInitialised: {
    id: "ADR-D001",
    name: "not-initialised",
    severity: "error",
    title: "adrift is not set up in this repository",
  },
  gitattributes: {
    id: "ADR-D002",
    name: "gitattributes-rule",
    severity: "warning",
    title: "a .gitattributes merge rule (the log's or the ADR index's) is missing",
  },
  config: {
    id: "ADR-D003",
    name: "config-invalid",
    severity: "error",
    title: ".decisions/config.json is not valid",
  },
  hooksMissing: {
    id: "ADR-D004",
    name: "hooks-missing",
    severity: "error",
    title: "adrift's git hooks are not installed",
  },
  hooksPartial: {
    id: "ADR-D005",
    name: "hooks-partial",
    severity: "warning",
    title: "some of adrift's git hooks are missing",
  },
  hookNotExecutable: {
    id: "ADR-D006",
    name: "hook-not-executable",
    severity: "error",
    title: "a hook with adrift's block is not executable",
  },
  hookUnreachable: {
    id: "ADR-D007",
    name: "hook-unreachable",
    severity: "error",
    title: "adrift's block in a hook is never reached",
  },
  logInvalid: {
    id: "ADR-D008",
    name: "log-invalid",
    severity: "error",
    title: "the log has lines that do not validate",
  },
  logWarnings: {
    id: "ADR-D009",
    name: "log-warnings",
    severity: "warning",
    title: "the log has warnings",
  },
  cache: {
    id: "ADR-D010",
    name: "cache-unhealthy",
    severity: "warning",
    title: "the local cache under the git dir is damaged",
  },
  shallow: {
    id: "ADR-D011",
    name: "shallow-clone",
    severity: "error",
    title: "the clone is too shallow for history",
  },
  scopeEmpty: {
    id: "ADR-D012",
    name: "scope-matches-nothing",
    severity: "error",
    title: "a record's scope matches no tracked file",
  },
  scopeBroad: {
    id: "ADR-D013",
    name: "scope-too-broad",
    severity: "warning",
    title: "a record's scope matches most of the repository",
  },
  adrNumbers: {
    id: "ADR-D014",
    name: "adr-number-duplicate",
    severity: "error",
    title: "two ADRs share a number",
  },
  agentHooks: {
    id: "ADR-D015",
    name: "agent-hooks-partial",
    severity: "warning",
    title: "a coding agent's hook file has only some of adrift's hooks",
  },
  hookOutdated: {
    id: "ADR-D016",
    name: "hook-outdated",
    severity: "warning",
    title: "a hook's adrift block was written by an older adrift",
  },
  marksSetAside: {
    id: "ADR-D017",
    name: "marks-set-aside",
    severity: "warning",
    title: "stale marks written on another branch, never committed, are not applied here",
  },
  agentHookFails: {
    id: "ADR-D018",
    name: "agent-hook-fails",
    severity: "error",
    title: "a coding agent's adrift hook command does not run",
  },
  scopeMoved: {
    id: "ADR-D019",
    name: "scope-file-moved",
    severity: "warning",
    title: "a record's file moved: adrift follows it, but the scope names where it was",
  },
} as const satisfies Record<string, DoctorRule>;

/** Every rule, in id order. */
export const ALL_DOCTOR_RULES: readonly DoctorRule[] = Object.values(DOCTOR_RULES).sort((a, b) =>
  a.id.localeCompare(b.id),
);

/** One finding: the rule, what was found, and the command (or step) that fixes it. */
export type DoctorFinding = {
  rule: string;
  name: string;
  severity: DoctorSeverity;
  title: string;
  message: string;
  fix: string;
  /** what the finding is about: a file, a record id, an ADR number */
  subject?: string;
};

/** Builds a finding of a rule. */
export function finding(
  rule: DoctorRule,
  message: string,
  fix: string,
  subject?: string,
): DoctorFinding {
  return {
    rule: rule.id,
    name: rule.name,
    severity: rule.severity,
    title: rule.title,
    message,
    fix,
    ...(subject !== undefined ? { subject } : {}),
  };
}
