import { fnv1a } from "../core/fnv.js";
import { HOOK_NAMES } from "../core/hook-names.js";

/** The hooks adrift installs: what each one does is in `hook-run.ts`. */
export { HOOK_NAMES };

export type HookName = (typeof HOOK_NAMES)[number];

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
 * The whole hook file. The hook that was there runs first and its failure still stops the
 * commit; adrift's own failure never does (`|| true`, and a missing adrift is skipped).
 * Node and the CLI are found by the absolute paths recorded at install time, then `npx`.
 */
export function hookScript(name: HookName, node: string, cli: string): string {
  // post-commit only refreshes the cache for the new HEAD: in the background, the commit is done.
  // ADRIFT_GIT_PID (git's process id) lets the hooks of one git command warn once, not each.
  const run = (command: string, quiet = "") =>
    name === "post-commit"
      ? `  (ADRIFT_GIT_PID=$PPID ${command} hook run ${name} </dev/null >/dev/null 2>&1 &)`
      : `  ADRIFT_GIT_PID=$PPID ${command} hook run ${name} "$@" </dev/null${quiet} || true`;
  const lines = [
    "#!/bin/sh",
    BLOCK_START,
    "# Installed by `adrift hook install`; `adrift hook uninstall` restores what was here.",
    `adrift_chained="\${0%/*}/${name}${CHAINED_SUFFIX}"`,
    'if [ -f "$adrift_chained" ]; then',
    '  if [ -x "$adrift_chained" ]; then "$adrift_chained" "$@" || exit $?; else sh "$adrift_chained" "$@" || exit $?; fi',
    "fi",
    `adrift_node=${quote(node)}`,
    `adrift_cli=${quote(cli)}`,
    'if [ -x "$adrift_node" ] && [ -f "$adrift_cli" ]; then',
    run('"$adrift_node" "$adrift_cli"'),
    "elif command -v npx >/dev/null 2>&1; then",
    run("npx --no-install git-adrift", " 2>/dev/null"),
    "fi",
    "exit 0",
    BLOCK_END,
    "",
  ];
  // The digest tells uninstall (and a later install) whether someone edited the file since.
  const digest = `${DIGEST_PREFIX}${digestOf(lines.join("\n"))} (an edited hook is kept, not removed)`;
  return [...lines.slice(0, 3), digest, ...lines.slice(3)].join("\n");
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
