import type { Stats } from "node:fs";
import { readFileSync } from "node:fs";
import { stat as fsStat, readFile } from "node:fs/promises";
import path from "node:path";
import type { LinePosition, Problem } from "../core/events/parse.js";
import {
  type CommittedOrder,
  type LoadedLine,
  type OrderedLog,
  orderLines,
} from "../core/project/order.js";
import { assertLogFileSize, listLogFiles } from "./log-files.js";
import type { ValidatedFiles } from "./validated-files.js";

export { appendEvents } from "./log-append.js";
export { LOG_SUFFIX, listLogFiles } from "./log-files.js";
export type { ParsedFile } from "./log-parse.js";

/**
 * Reads a file validated earlier and unchanged since: each line's JSON is its event.
 * Returns undefined when a line does not parse after all (then the file is validated again).
 */
/**
 * Makes the values events repeat one value in memory: every event of a session carries its
 * `session_id` and `workline_id` and an equal `actor`, each parsed as its own copy (a quarter of
 * a big log's parsed size). The values are equal, so nothing read from them changes; the actor
 * objects are shared, which is safe because events are never mutated after parsing.
 */
export function valueSharer(): (event: unknown) => void {
  const strings = new Map<string, string>();
  const actors = new Map<string, unknown>();
  const share = (value: unknown) => {
    if (typeof value !== "string") return value;
    const known = strings.get(value);
    if (known !== undefined) return known;
    strings.set(value, value);
    return value;
  };
  return (event) => {
    if (typeof event !== "object" || event === null) return;
    const e = event as Record<string, unknown>;
    if (typeof e.session_id === "string") e.session_id = share(e.session_id);
    if (typeof e.workline_id === "string") e.workline_id = share(e.workline_id);
    if (typeof e.type === "string") e.type = share(e.type);
    if (typeof e.actor === "object" && e.actor !== null) {
      const key = JSON.stringify(e.actor);
      const known = actors.get(key);
      if (known !== undefined) e.actor = known;
      else actors.set(key, e.actor);
    }
  };
}

function parseTrustedBuffer(
  buffer: Buffer,
  file: string,
  share: (event: unknown) => void,
): LoadedLine[] | undefined {
  const texts = buffer.toString("utf8").split("\n");
  const lines: LoadedLine[] = [];
  try {
    for (let i = 0; i < texts.length; i++) {
      const text = texts[i]!;
      if (text.length === 0) continue;
      const event = JSON.parse(text);
      share(event);
      lines.push({ event, at: { file, line: i + 1 } });
    }
  } catch {
    return undefined;
  }
  return lines;
}

function sameStat(a: Stats, b: Stats): boolean {
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino;
}

/** How many files are read ahead while earlier ones are parsed. */
const READ_AHEAD = 8;

/** How a log is read: with a cache of validated files (see validated-files.ts), or all checked. */
export type ReadLogOptions = {
  validatedFiles?: ValidatedFiles;
  /** hears each file as it is read (file n of total) */
  progress?: (step: string, done?: number, total?: number) => void;
  /**
   * Asked only when different lines share an id: what git says of those lines, so that the one
   * the log held first is kept (see `orderLines`). Without it, only the order within a file counts.
   */
  committedOrder?: (lines: readonly LinePosition[]) => Promise<CommittedOrder>;
};

/** Reads, parses, de-duplicates and orders the whole log under `dirs`; positions relative to `root`. */
export async function readLog(
  dirs: string | readonly string[],
  root: string,
  options: ReadLogOptions = {},
): Promise<OrderedLog & { files: string[] }> {
  const files = await listLogFiles(dirs);
  const names = files.map((file) => path.relative(root, file).split(path.sep).join("/"));
  const cache = options.validatedFiles;
  const lines: LoadedLine[] = [];
  const problems: Problem[] = [];
  const share = valueSharer();
  let parser: typeof import("./log-parse.js") | undefined;
  await cache?.prepare?.(false);
  // Bounded read-ahead: the next files load while this one is parsed. With a cache, the file
  // is stat'ed before and after the read: trust needs the stat after (any change before or
  // during the read shows in it), remembering needs both equal (nothing changed meanwhile).
  type Loaded = { buffer: Buffer; before?: Stats; after?: Stats };
  const load = async (file: string): Promise<Loaded> => {
    const before = await fsStat(file);
    assertLogFileSize(path.relative(root, file).split(path.sep).join("/"), before.size);
    const buffer = await readFile(file);
    return cache ? { before, buffer, after: await fsStat(file) } : { buffer };
  };
  // A read ahead that fails is awaited in its turn: until then, not an unhandled rejection.
  const start = (file: string) => {
    const loading = load(file);
    loading.catch(() => undefined);
    return loading;
  };
  const pending: (Promise<Loaded> | undefined)[] = [];
  for (let i = 0; i < Math.min(READ_AHEAD, files.length); i++) pending.push(start(files[i]!));
  for (let i = 0; i < files.length; i++) {
    options.progress?.("reading the log, files", i + 1, files.length);
    const { buffer, before, after } = await pending[i]!;
    pending[i] = undefined;
    if (i + READ_AHEAD < files.length) pending.push(start(files[i + READ_AHEAD]!));
    const name = names[i]!;
    const trusted =
      cache && after && cache.trusts(name, after, buffer.length)
        ? parseTrustedBuffer(buffer, name, share)
        : undefined;
    if (trusted) {
      for (const line of trusted) lines.push(line);
      continue;
    }
    // The schemas are loaded only for a file that must be checked line by line.
    parser ??= await import("./log-parse.js");
    await cache?.prepare?.(true);
    const parsed = await parser.parseLogBufferSliced(buffer, name, {
      checkCanonical: cache !== undefined,
    });
    if (cache && before && after && parsed.canonical && sameStat(before, after))
      cache.remember(name, after, buffer.length);
    for (const line of parsed.lines) {
      share(line.event);
      lines.push(line);
    }
    for (const problem of parsed.problems) problems.push(problem);
  }
  cache?.save(names);
  const textOf = lineTextReader(files, names);
  let ordered = orderLines(lines, textOf);
  if (ordered.conflicts.length > 0 && options.committedOrder)
    ordered = orderLines(lines, textOf, await options.committedOrder(ordered.conflicts));
  const { conflicts: _, ...log } = ordered;
  for (const problem of log.problems) problems.push(problem);
  return { ...log, problems, files };
}

/**
 * Texts are not kept in memory; only lines that share an id need theirs, so they are read
 * again from disk (each file at most once per load).
 */
function lineTextReader(files: string[], names: string[]): (line: LoadedLine) => string {
  const cache = new Map<string, string[]>();
  return (line) => {
    let texts = cache.get(line.at.file);
    if (!texts) {
      const file = files[names.indexOf(line.at.file)]!;
      texts = readFileSync(file, "utf8").split("\n");
      cache.set(line.at.file, texts);
    }
    return (texts[line.at.line - 1] ?? "").replace(/\r$/, "");
  };
}
