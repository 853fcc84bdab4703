import { fnv1a } from "../../core/fnv.js";
import { HOOK_NAMES } from "../../core/hook-names.js";

/** The gate file the hooks read (`gate.ts`); its version is in its name, so hooks of another version never read it. */
export const GATE_FILE = "hook-gate-v1.sh";

/** The hooks adrift installs: what each one does is in `run.ts`. */
export { HOOK_NAMES };

export type HookName = (typeof HOOK_NAMES)[number];

/**
 * The file in `<git dir>/adrift/` naming this clone's node and adrift CLI (two lines), written by
 * `adrift hook install`: the hook scripts a team shares (husky, a tracked core.hooksPath) run
 * adrift through it, so they hold no path of this machine and still find an adrift installed
 * anywhere; without it, `adrift` on PATH, then `npx`.
 */
export const RUNNER_FILE = "hook-runner";

/** The lines that delimit adrift's block in a hook (doctor recognises installed hooks by them). */
export const BLOCK_START = "# >>> adrift >>>";
export const BLOCK_END = "# <<< adrift <<<";

/** Suffix of the hook that was there before adrift: it runs first, and uninstall puts it back. */
export const CHAINED_SUFFIX = ".pre-adrift";

/** Suffix of the copy kept of an installed hook someone edited, when `--force` replaces it. */
export const EDITED_SUFFIX = ".adrift-edited";

/** The line of an installed hook that carries the digest of the file without that line. */
export const DIGEST_PREFIX = "# adrift-digest: ";

function digestOf(text: string): string {
  return fnv1a(text).toString(16).padStart(8, "0");
}

function quote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * How a hook finds adrift: by the absolute paths of node and the CLI recorded at install time
 * (then `npx`), or — for a hook file tracked in the repository and shared by a team (husky) —
 * by the paths in `<git dir>/adrift/hook-runner` (this clone's install), then as `adrift` on
 * PATH (husky puts node_modules/.bin there), then `npx`.
 */
export type HookRunner = { node: string; cli: string } | "path";

/**
 * `adrift_git_pid`: the nearest ancestor process that is git (by `ps`), else the parent — also
 * where `ps` is missing or cannot answer. Only called when node is about to start.
 */
const GIT_PID_LINES = [
  "adrift_git_pid() {",
  "  adrift_p=$PPID",
  '  while [ -n "$adrift_p" ] && [ "$adrift_p" -gt 1 ] 2>/dev/null; do',
  '    case "$(ps -o comm= -p "$adrift_p" 2>/dev/null)" in',
  '      git|*/git) echo "$adrift_p"; return ;;',
  "    esac",
  '    adrift_p=$(ps -o ppid= -p "$adrift_p" 2>/dev/null | tr -d " ")',
  "  done",
  '  echo "$PPID"',
  "}",
];

/** The function that starts node for the hook named by `$adrift_hook` (never fails the hook). */
function runnerLines(runner: HookRunner): string[] {
  // ADRIFT_GIT_PID (git's process id) lets the hooks of one git command warn once, not each.
  // An installed hook is git's child; the shared script is called by the team's hook file,
  // which husky's dispatcher runs: there git is found up the process tree.
  // NODE_EXTRA_CA_CERTS is emptied where adrift is started directly: a hook makes no network
  // connection, and Node 20 reads the extra certificates at every start (about 60 ms each commit
  // where a corporate proxy's bundle is set); Node 24 reads them lazily but warns at start when
  // the file is missing. npx keeps them: where adrift is not installed it asks the registry,
  // through that proxy, and without the bundle it retries for a minute before giving up.
  const pid = runner === "path" ? "$(adrift_git_pid)" : "$PPID";
  const run = (command: string, quiet = "", env = "NODE_EXTRA_CA_CERTS= ") =>
    `    ADRIFT_GIT_PID=${pid} ${env}${command} hook run "$adrift_hook" "$@" </dev/null${quiet} || true`;
  const npx = [
    "  elif command -v npx >/dev/null 2>&1; then",
    run("npx --no-install git-adrift", " 2>/dev/null", ""),
    "  fi",
  ];
  if (runner === "path")
    return [
      ...GIT_PID_LINES,
      "adrift_run() {",
      `  adrift_node=; adrift_cli=; { IFS= read -r adrift_node; IFS= read -r adrift_cli; } < "$adrift_state/${RUNNER_FILE}" 2>/dev/null || :`,
      '  if [ -n "$adrift_node" ] && [ -x "$adrift_node" ] && [ -f "$adrift_cli" ]; then',
      run('"$adrift_node" "$adrift_cli"'),
      "  elif command -v adrift >/dev/null 2>&1; then",
      run("adrift"),
      ...npx,
      "}",
    ];
  return [
    `adrift_node=${quote(runner.node)}`,
    `adrift_cli=${quote(runner.cli)}`,
    "adrift_run() {",
    '  if [ -x "$adrift_node" ] && [ -f "$adrift_cli" ]; then',
    run('"$adrift_node" "$adrift_cli"'),
    ...npx,
    "}",
  ];
}

/**
 * What every hook knows before deciding whether to start node: adrift's folder in the git dir
 * (`$GIT_DIR`, or `.git` — a folder, or a file naming one), and the checks over the files adrift
 * keeps there: the gate (`gate.ts`: has the log changed, which paths do records govern), the
 * active workline, marks a commit that did not happen left behind. `ADRIFT_HOOK_FULL=1` starts
 * node for every hook, as adrift did before these checks (and there the pre-commit reads the
 * stored report whole: `stale.ts`).
 */
const COMMON = [
  "adrift_git=${GIT_DIR:-.git}",
  'if [ -f "$adrift_git" ]; then',
  '  { IFS= read -r adrift_git < "$adrift_git"; } 2>/dev/null || :',
  "  adrift_git=${adrift_git#gitdir: }",
  "fi",
  "adrift_state=$adrift_git/adrift",
  `adrift_gate=$adrift_state/${GATE_FILE}`,
  "# True when the gate is there and the log has not changed since it was written.",
  "adrift_gate_ok() {",
  '  [ -z "${ADRIFT_HOOK_FULL-}" ] && [ -f "$adrift_gate" ] || return 1',
  '  command . "$adrift_gate" 2>/dev/null && adrift_gate_fresh "$adrift_gate" 2>/dev/null',
  "}",
  "# True unless git says no commit between the gate's head and HEAD (either side) touches a governed path.",
  "adrift_moved() {",
  '  adrift_gate_ok && [ -n "$adrift_gate_head" ] || return 0',
  '  adrift_commits=$(adrift_gate_specs git rev-list -n 1 --full-history "$adrift_gate_head...HEAD" 2>/dev/null) || return 0',
  '  [ -n "$adrift_commits" ]',
  "}",
];

/** Each hook's decision, in plain shell, whether adrift has work; then node, or nothing. */
const BODIES: Record<HookName, string[]> = {
  "pre-commit": [
    "# node only when the staged change touches a governed path or adrift's folder, the log",
    "# changed since the gate was written, or an earlier attempt at this commit left marks.",
    'if ! [ -s "$adrift_state/pending-marks.json" ] && adrift_gate_ok &&',
    "  adrift_gate_specs git diff-index --cached --quiet HEAD 2>/dev/null; then",
    "  exit 0",
    "fi",
    'adrift_run "$@"',
  ],
  // A merge git makes itself (not a fast-forward, not --squash, not one with conflicts, which
  // `git commit` finishes through pre-commit): the same decision as pre-commit's, on the merge's
  // index. git wrote the merge's tree before this hook runs, so the marks are staged here and
  // post-merge puts them into the merge commit.
  "pre-merge-commit": [
    'if ! [ -s "$adrift_state/pending-marks.json" ] && adrift_gate_ok &&',
    "  adrift_gate_specs git diff-index --cached --quiet HEAD 2>/dev/null; then",
    "  exit 0",
    "fi",
    'adrift_run "$@"',
  ],
  "prepare-commit-msg": workline(),
  "commit-msg": workline(),
  "post-commit": [
    "# The commit happened: marks its pre-commit wrote are in it, none to withdraw.",
    'if [ -s "$adrift_state/pending-marks.json" ]; then',
    '  { : > "$adrift_state/pending-marks.json"; } 2>/dev/null',
    "fi",
    "# Nothing to refresh without a report to carry forward.",
    '[ -n "${ADRIFT_HOOK_FULL-}" ] || [ -e "$adrift_state/stale-report.json" ] || exit 0',
    "# One refresh in the background at a time (it refreshes again when HEAD moved meanwhile).",
    'if [ -f "$adrift_state/refresh.pid" ]; then',
    '  adrift_pid=; { IFS= read -r adrift_pid < "$adrift_state/refresh.pid"; } 2>/dev/null || :',
    '  [ -n "$adrift_pid" ] && kill -0 "$adrift_pid" 2>/dev/null && exit 0',
    "fi",
    "# In the background (the commit is done; ADRIFT_HOOK_FOREGROUND=1 waits for it): node only when",
    "# a commit since the gate's head touches a governed path.",
    'if [ -n "${ADRIFT_HOOK_FOREGROUND-}" ]; then',
    '  adrift_moved && adrift_run "$@" </dev/null >/dev/null 2>&1',
    "else",
    '  (adrift_moved && adrift_run "$@") </dev/null >/dev/null 2>&1 &',
    "fi",
  ],
  "post-merge": [
    "# node when the merge's pre-merge-commit left marks for the merge commit to carry, or as",
    "# post-rewrite below.",
    'if ! [ -s "$adrift_state/pending-marks.json" ]; then',
    "  adrift_moved || exit 0",
    "fi",
    'adrift_run "$@"',
  ],
  "post-rewrite": moved(),
  "post-checkout": [
    "# A file checkout says nothing; a rebase's checkouts neither (post-rewrite reports at its end).",
    '[ "$3" != 0 ] || exit 0',
    '[ -d "$adrift_git/rebase-merge" ] || [ -d "$adrift_git/rebase-apply" ] && exit 0',
    "adrift_moved || exit 0",
    'adrift_run "$@"',
  ],
};

/** post-merge, post-rewrite: node only when the commits HEAD moved over touch a governed path. */
function moved(): string[] {
  return [
    "# node only when a commit between the last report's HEAD and HEAD touches a governed path",
    "adrift_moved || exit 0",
    'adrift_run "$@"',
  ];
}

/** prepare-commit-msg and commit-msg: node only while a workline is active (to add its trailer). */
function workline(): string[] {
  return [
    "# node only while a workline is active (active-workline is written with state.json).",
    'if [ -z "${ADRIFT_HOOK_FULL-}" ]; then',
    '  [ -e "$adrift_state/state.json" ] || exit 0',
    '  if [ -f "$adrift_state/active-workline" ] && ! [ "$adrift_state/state.json" -nt "$adrift_state/active-workline" ]; then',
    '    adrift_active=; { IFS= read -r adrift_active < "$adrift_state/active-workline"; } 2>/dev/null || :',
    '    [ -n "$adrift_active" ] || exit 0',
    "  fi",
    "fi",
    'adrift_run "$@"',
  ];
}

/** Adds the digest line (after the block's first comment) over the lines without it. */
function withDigest(lines: string[], at: number): string {
  const digest = `${DIGEST_PREFIX}${digestOf(lines.join("\n"))} (an edited hook is kept, not removed)`;
  return [...lines.slice(0, at), digest, ...lines.slice(at)].join("\n");
}

/**
 * The whole hook file. The hook that was there runs first and its failure still stops the
 * commit; adrift's own failure never does (`|| true`, and a missing adrift is skipped). Plain
 * shell decides first whether adrift has work at all: a commit that touches no decision starts
 * no node. Node and the CLI are found by the absolute paths recorded at install time, then `npx`.
 */
export function hookScript(name: HookName, node: string, cli: string): string {
  const lines = [
    "#!/bin/sh",
    BLOCK_START,
    "# Installed by `adrift hook install`; `adrift hook uninstall` restores what was here.",
    `adrift_chained="\${0%/*}/${name}${CHAINED_SUFFIX}"`,
    'if [ -f "$adrift_chained" ]; then',
    '  if [ -x "$adrift_chained" ]; then "$adrift_chained" "$@" || exit $?; else sh "$adrift_chained" "$@" || exit $?; fi',
    "fi",
    `adrift_hook=${name}`,
    ...runnerLines({ node, cli }),
    ...COMMON,
    ...BODIES[name],
    "exit 0",
    BLOCK_END,
    "",
  ];
  // The digest tells uninstall (and a later install) whether someone edited the file since.
  return withDigest(lines, 3);
}

/**
 * The script a team's tracked hook files call (`sh .husky/adrift.sh <hook> "$@"`): every hook's
 * decision as in `hookScript`, adrift found on PATH or through `npx`, no path of this machine.
 */
export function sharedHookScript(): string {
  const lines = [
    "#!/bin/sh",
    BLOCK_START,
    "# Written by `adrift hook install` (husky): your .husky/<hook> files call it as",
    '# `sh .husky/adrift.sh <hook> "$@"`; `adrift hook uninstall` removes it and those lines.',
    "adrift_hook=$1; shift",
    ...runnerLines("path"),
    ...COMMON,
    'case "$adrift_hook" in',
    ...HOOK_NAMES.flatMap((name) => [`${name})`, ...BODIES[name].map((l) => `  ${l}`), "  ;;"]),
    "esac",
    "exit 0",
    BLOCK_END,
    "",
  ];
  return withDigest(lines, 4);
}

/**
 * True when an installed hook is still exactly what adrift wrote, by its digest line. A hook
 * written before adrift wrote digests counts as written when nothing but `#!/bin/sh` lies
 * outside its block.
 */
export function isAsWritten(text: string): boolean {
  const lines = text.split("\n");
  const at = lines.findIndex((l) => l.startsWith(DIGEST_PREFIX));
  if (at >= 0) {
    const digest = lines[at]!.slice(DIGEST_PREFIX.length, DIGEST_PREFIX.length + 8);
    return digest === digestOf([...lines.slice(0, at), ...lines.slice(at + 1)].join("\n"));
  }
  const start = lines.indexOf(BLOCK_START);
  const end = lines.indexOf(BLOCK_END);
  const outside = [...lines.slice(0, start), ...lines.slice(end + 1)];
  return start >= 0 && end > start && outside.join("\n") === "#!/bin/sh\n";
}

/** True when a hook file's text carries adrift's block. */
export function hasAdriftBlock(text: string): boolean {
  return text.includes(BLOCK_START) && text.includes(BLOCK_END);
}
