// The hook gate: a shell file under the git dir that tells the installed hooks, without node,
// whether a commit touches anything adrift must look at. It names the log's files and folders
// (the hooks check that none changed since, by modification time) and the git pathspecs that
// cover every scope a record could be marked stale through (`git-pathspecs.ts`). Written from
// the staleness cache whenever that is written; absent whenever it could not be verified, and
// then the hooks run node as before.
import {
  type BigIntStats,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { stateDir } from "../../adapters/local-state.js";
import { LOG_SUFFIX, logDirsOf } from "../../adapters/log-files.js";
import type { StaleCache } from "../../adapters/stale-cache.js";
import { gatePathspecs } from "../../core/rules/git-pathspecs.js";
import { escapeLiteral } from "../../core/rules/scope.js";
import type { AppContext } from "../dependencies.js";
import { GATE_FILE } from "./script.js";

/** A file or folder the gate was written against: path (from the root), and its stat identity. */
type Entry = [file: string, identity: string];

/** What the gate's JSON line holds (node reads it back to extend the gate after a write). */
type GateData = { version: 1; entries: Entry[]; specs: string[]; head: string };

const gateFile = (gitDir: string) => path.join(stateDir(gitDir), GATE_FILE);

function quote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function identity(s: BigIntStats): string {
  return `${s.isDirectory() ? "d" : "f"}:${s.size}:${s.mtimeNs}:${s.ctimeNs}:${s.ino}`;
}

/** The newest modification time among entries, from their identities. */
function newest(entries: readonly Entry[]): bigint {
  let max = 0n;
  for (const [, id] of entries) {
    const mtime = BigInt(id.split(":")[2]!);
    if (mtime > max) max = mtime;
  }
  return max;
}

function statOrUndefined(file: string): BigIntStats | undefined {
  try {
    return statSync(file, { bigint: true });
  } catch {
    return undefined;
  }
}

/**
 * What the hooks check has not changed: every folder below the log directories (a file added,
 * removed or renamed changes its folder), every log file, the config (it names the log
 * directory), and for a log directory that does not exist the nearest folder that does.
 */
function gateEntries(root: string, logDirs: readonly string[]): Entry[] {
  const entries = new Map<string, string>();
  const add = (absolute: string, stats: BigIntStats) =>
    entries.set(path.relative(root, absolute).split(path.sep).join("/") || ".", identity(stats));
  const walk = (dir: string) => {
    const stats = statOrUndefined(dir);
    if (!stats?.isDirectory()) return;
    add(dir, stats);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (
        entry.name.endsWith(LOG_SUFFIX) ||
        full === path.join(root, ".decisions", "config.json")
      ) {
        const s = statOrUndefined(full);
        if (s) add(full, s);
      }
    }
  };
  for (const dir of logDirs) {
    let existing = dir;
    while (!statOrUndefined(existing)?.isDirectory() && existing !== root)
      existing = path.dirname(existing);
    if (existing !== dir) {
      const s = statOrUndefined(existing);
      if (s) add(existing, s);
    }
    walk(dir);
  }
  return [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function sameEntries(a: readonly Entry[], b: readonly Entry[]): boolean {
  return a.length === b.length && a.every(([f, id], i) => b[i]![0] === f && b[i]![1] === id);
}

/** The shell text of a gate (sourced by the hooks; `command .` keeps a broken one harmless). */
function renderGate(data: GateData): string {
  const files = data.entries.map(([f]) => quote(f)).join(" ");
  const specs = data.specs.map(quote).join(" ");
  return [
    "# adrift hook gate, read by adrift's installed hooks: whether a commit touches anything adrift",
    "# must look at, without starting node. Derived state: written by adrift, safe to delete.",
    `# ${JSON.stringify(data)}`,
    "adrift_gate_fresh() {",
    `  for adrift_f in ${files}; do`,
    '    [ -e "$adrift_f" ] && ! [ "$adrift_f" -nt "$1" ] || return 1',
    "  done",
    "}",
    "# The HEAD whose report found nothing stale and unmarked (empty: none known).",
    `adrift_gate_head=${quote(data.head)}`,
    "adrift_gate_specs() {",
    `  GIT_LITERAL_PATHSPECS=0 GIT_GLOB_PATHSPECS=0 GIT_NOGLOB_PATHSPECS=0 GIT_ICASE_PATHSPECS=0 "$@" -- ${specs}`,
    "}",
    "",
  ].join("\n");
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** How long (in 1 ms steps) a gate write waits for the file system's clock to move on. */
const MAX_WAIT_STEPS = 60;

/**
 * The file system's clock now, as a file written now shows it (file times come from a coarse
 * clock: two writes a few milliseconds apart can carry the same time).
 */
function fileClock(probe: string): bigint {
  writeFileSync(probe, "");
  return statSync(probe, { bigint: true }).mtimeNs;
}

/** Waits until a file written now would be strictly newer than `time`; false when it never did. */
function waitPast(probe: string, time: bigint): boolean {
  for (let step = 0; step < MAX_WAIT_STEPS; step++) {
    if (fileClock(probe) > time) return true;
    sleep(1);
  }
  return false;
}

/**
 * Writes the gate so that any change of an entry after it is written shows to the shell as a
 * newer modification time: the entries are taken only once the clock has moved past their own
 * times, the gate carries a later time, and the entries are checked unchanged once the clock has
 * moved past the gate's too. `verify` tells whether the entries still describe what the specs
 * were derived from. Leaves no gate when any step fails.
 */
async function writeGate(
  gitDir: string,
  root: string,
  logDirs: readonly string[],
  specs: string[],
  head: string,
  verify: (entries: Entry[]) => Promise<boolean> | boolean,
): Promise<void> {
  const target = gateFile(gitDir);
  const probe = `${target}.${process.pid}.clock`;
  const tmp = `${target}.${process.pid}.tmp`;
  try {
    if (!waitPast(probe, newest(gateEntries(root, logDirs)))) return;
    const entries = gateEntries(root, logDirs);
    if (!(await verify(entries))) return;
    writeFileSync(tmp, renderGate({ version: 1, entries, specs, head }));
    const written = statSync(tmp, { bigint: true }).mtimeNs;
    if (written <= newest(entries) || !waitPast(probe, written)) return;
    if (!sameEntries(entries, gateEntries(root, logDirs))) return;
    renameSync(tmp, target);
  } catch {
    // derived state only: without a gate the hooks run node
  } finally {
    rmSync(tmp, { force: true });
    rmSync(probe, { force: true });
  }
}

/** Removes the gate: the hooks run node until it is written again. */
export function dropHookGate(gitDir: string): void {
  try {
    rmSync(gateFile(gitDir), { force: true });
  } catch {
    // nothing to remove
  }
}

/**
 * Writes the gate from a staleness cache just written for the log whose key is `cache.key`. No
 * gate (node runs) while the cache knows records stale and not yet marked (the pre-commit hook
 * marks them), while some log lines could not be read (the hooks warn about them), or when the
 * log changed since the cache was computed. The gate's head is the cache's report's: the
 * post-* hooks start node only when a commit between it and HEAD touches a governed path.
 */
export async function writeHookGate(ctx: AppContext, cache: Omit<StaleCache, "version">) {
  const { root, gitDir } = ctx.git.location;
  if (
    (cache.unrecorded?.length ?? 0) > 0 ||
    cache.problems === undefined ||
    cache.problems.length > 0
  )
    return;
  // Marks not committed apply for this HEAD only (marks-set-aside.ts): a checkout can set them
  // aside, and the records they mark would then be left out of the pathspecs. No gate then.
  const { appliesUncommittedMarks, logKeyWithMarks } = await import(
    "../staleness/marks-set-aside.js"
  );
  if (await appliesUncommittedMarks(ctx)) return;
  // A record is also marked through the paths its files were renamed to (its finding follows
  // them): those go into the pathspecs too. Not knowing them, no gate.
  const follows = cache.follows ?? cache.previous?.follows;
  if (!follows) return;
  const open = cache.records.filter((r) => !r.recorded);
  // Followed paths are file paths: written as entries naming them (`app/\[id\]/a.ts`).
  const scopes = open.flatMap((r) => [
    ...r.basis.touched_paths,
    ...(follows[r.id] ?? []).map((p) => escapeLiteral(p)),
  ]);
  const logDirs = logDirsOf(root, ctx.config.log_dir);
  const own = [".decisions", ctx.config.log_dir];
  const head = cache.head ?? "";
  await writeGate(gitDir, root, logDirs, gatePathspecs(scopes, own), head, async () => {
    return (await logKeyWithMarks(ctx)) === cache.key;
  });
}

function readGate(gitDir: string): GateData | undefined {
  try {
    const line = readFileSync(gateFile(gitDir), "utf8").split("\n")[2] ?? "";
    const data = JSON.parse(line.slice(2)) as GateData;
    return data.version === 1 &&
      Array.isArray(data.entries) &&
      Array.isArray(data.specs) &&
      typeof data.head === "string"
      ? data
      : undefined;
  } catch {
    return undefined;
  }
}

/** Every `touched_paths` list anywhere in an event's data (a record, an amendment, a re-basing). */
function scopesIn(value: unknown, out: string[]): string[] {
  if (Array.isArray(value)) for (const item of value) scopesIn(item, out);
  else if (typeof value === "object" && value !== null)
    for (const [key, item] of Object.entries(value))
      if (key === "touched_paths" && Array.isArray(item)) for (const p of item) out.push(String(p));
      else scopesIn(item, out);
  return out;
}

/**
 * The gate as it was before adrift appended `bytes` to `file` (absolute), still valid for
 * everything else: read once before the append (`gateBeforeAppend`), then extended after it with
 * the scopes the new events name, so recording a decision keeps the next commit's hook free of
 * node. Scopes only grow here: a mark or a supersession can only make the gate cover more than
 * it must, never less.
 */
export function gateBeforeAppend(ctx: AppContext): GateData | undefined {
  const { root, gitDir } = ctx.git.location;
  const gate = readGate(gitDir);
  if (!gate) return undefined;
  const gateTime = statOrUndefined(gateFile(gitDir))?.mtimeNs;
  const now = gateEntries(root, logDirsOf(root, ctx.config.log_dir));
  return gateTime !== undefined && newest(now) < gateTime && sameEntries(now, gate.entries)
    ? gate
    : undefined;
}

/** Extends a gate taken by `gateBeforeAppend` after `appended` bytes of `events` went to `file`. */
export async function extendHookGate(
  ctx: AppContext,
  before: GateData,
  file: string,
  events: readonly { data?: unknown }[],
  appended: number,
): Promise<void> {
  const { root, gitDir } = ctx.git.location;
  dropHookGate(gitDir);
  const name = path.relative(root, file).split(path.sep).join("/");
  const old = new Map(before.entries);
  const created = !old.has(name);
  const oldSize = Number(old.get(name)?.split(":")[1] ?? 0);
  const specs = gatePathspecs(
    scopesIn(
      events.map((e) => e.data),
      [],
    ),
    [],
    before.specs,
  );
  const logDirs = logDirsOf(root, ctx.config.log_dir);
  // Only the file appended to changed; when it is new, also the folders it was created in.
  const holdsNew = (dir: string) => created && (dir === "." || name.startsWith(`${dir}/`));
  // A new record may be stale already through commits before the gate's head: no head, so the
  // post-* hooks compute once (the pre-commit hook reads only the staged change).
  await writeGate(gitDir, root, logDirs, specs, "", (entries) => {
    const now = new Map(entries);
    if (Number(now.get(name)?.split(":")[1] ?? -1) !== oldSize + appended) return false;
    for (const [f, id] of entries)
      if (f !== name && old.get(f) !== id && !(id.startsWith("d:") && holdsNew(f))) return false;
    return [...old.keys()].every((f) => now.has(f));
  });
}
