/** What the app gathers for `doctor`; the checks are pure functions of this. */

/** One git hook adrift installs, as found on disk. */
export type HookFact = {
  name: string;
  exists: boolean;
  /** carries the `# >>> adrift >>>` … `# <<< adrift <<<` block */
  has_block: boolean;
  executable: boolean;
  /** a line before the block ends the script (`exit …`, `exec …`), so the block never runs */
  unreachable: boolean;
  /** the block differs from what `adrift hook install` writes now (paths to node and the CLI aside) */
  outdated?: boolean;
};

export type DoctorFacts = {
  /** the log directory exists */
  initialised: boolean;
  log_dir: string;
  gitattributes_rule: boolean;
  config_error?: string;
  hooks_dir: string;
  hooks_path?: string;
  hooks: HookFact[];
  log?: { errors: number; warnings: number; first_error?: string; first_warning?: string };
  log_unreadable?: string;
  /** files under `<git dir>/adrift/` that are damaged, with what is wrong */
  cache_problems: { file: string; problem: string }[];
  shallow: boolean;
  /** basis revisions the clone does not have, with the records based on them */
  missing_revisions: { revision: string; records: string[] }[];
  tracked: string[];
  /**
   * records that are not superseded, with their scope; `moved`: for entries whose file was
   * renamed since the basis (the record is `moved`, or stale after an edit where it went), where
   * the file is now
   */
  scopes: { id: string; outcome: string; entries: string[]; moved?: Record<string, string> }[];
  broad_scope_ratio: number;
  adr_dir: string;
  /** agent hook files that carry some of adrift's hooks but not all */
  partial_agent_hooks: { agent: string; file: string }[];
  /** adrift's commands in agent hook files that did not run when doctor ran them (probe) */
  agent_hook_failures: {
    agent: string;
    file: string;
    /** the first failing command, whole */
    command: string;
    /** how it starts adrift: the command before ` agent hook <event> --agent <agent>` */
    program: string;
    /** the hooks (adrift's event names) that fail so */
    events: string[];
    problem: string;
  }[];
  /** file names of the ADRs under the ADR directory (templates left out), numbered or not */
  adr_files: string[];
  /**
   * log files holding stale marks that are set aside at HEAD (uncommitted, naming only commits
   * HEAD does not reach), with the branch this clone wrote them on when it knows
   */
  set_aside_marks: { file: string; branch?: string; marks: number; records: string[] }[];
};
