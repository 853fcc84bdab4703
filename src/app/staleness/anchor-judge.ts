// Findings of records with anchors, judged by what happened to the anchors: the history judge
// says which files of the scope changed; here the changed files with anchors are read (at HEAD,
// or as staged) and parsed, and each anchor is found again by name, by shape (renamed) or in
// another file the commit that took it away changed (moved). Only files the history judge found
// changed are read: a record without anchors, or a quiet commit, costs nothing here.
import { type AnchorSymbol, readSymbols } from "../../adapters/anchors/read-symbols.js";
import type { GitAdapter } from "../../adapters/git/types.js";
import { mechanicalRenames } from "../../core/anchors/identifier-renames.js";
import type { Anchor } from "../../core/events/common.js";
import {
  anchoredFinding,
  anchorsByFile,
  type FileAnchors,
  needsAnchors,
} from "../../core/staleness/anchored-finding.js";
import type { CommitInfo } from "../../core/staleness/history.js";
import type { AssessedRecord } from "../../core/staleness/record-contents.js";
import type {
  AnchorChange,
  ChangeCommit,
  PathChange,
  StaleFinding,
} from "../../core/staleness/types.js";

/** Lines `from`..`to` (1-based, inclusive) of `text`. */
function lines(text: string, from: number, to: number): string {
  return text
    .split("\n")
    .slice(from - 1, to)
    .join("\n");
}

/** Most commits of one file read back to find the one that changed an anchor. */
const MAX_WALKED = 200;

/** Where the contents come from: HEAD, or the staged change (its blobs) as one more commit. */
export type AnchorSource = { head: string; staged?: CommitInfo };

/**
 * The findings with those of records with anchors judged by them (others unchanged). `follows`
 * receives, per record, the files an anchor moved to: a later change there is a change of the
 * anchor, so the carried-forward report must judge the record again.
 */
export async function judgeAnchoredFindings(
  git: GitAdapter,
  records: readonly AssessedRecord[],
  findings: readonly StaleFinding[],
  source: AnchorSource,
  follows?: Map<string, string[]>,
): Promise<StaleFinding[]> {
  const byId = new Map<string, AssessedRecord>();
  for (const r of records) if (r.basis.anchors?.length) byId.set(r.id, r);
  if (byId.size === 0) return [...findings];
  const reader = new SymbolReader(git);
  await reader.prefetch(source, changedAnchoredFiles(byId, findings));
  const out: StaleFinding[] = [];
  for (const finding of findings) {
    const record = byId.get(finding.record_id);
    if (!record || !needsAnchors(record, finding)) {
      out.push(finding);
      continue;
    }
    const files = anchorsByFile(record.basis.anchors!);
    const judged = new Map<string, FileAnchors>();
    for (const p of finding.paths) {
      const anchors = files.get(p.path);
      if (anchors) judged.set(p.path, await judgeFile(reader, record, p, anchors, source));
    }
    const heads = await reader.blobIds(
      source.head,
      finding.paths.flatMap((p) => (p.change === "renamed" && p.new_path ? [p.new_path] : [])),
    );
    const seen = record.basis.fingerprints;
    const judgedFinding = anchoredFinding(record, finding, judged, (path, newPath) =>
      seen?.[path] === undefined ? undefined : heads.get(newPath) === seen[path],
    );
    const moved = (judgedFinding.anchors ?? []).flatMap((a) =>
      a.change === "moved" && a.new_path && a.new_path !== a.path ? [a.new_path] : [],
    );
    if (follows && moved.length > 0)
      follows.set(record.id, [...new Set([...(follows.get(record.id) ?? []), ...moved])]);
    out.push(judgedFinding);
  }
  return out;
}

/** The paths where the changed files with anchors are now (renamed ones at their new path). */
function changedAnchoredFiles(
  byId: ReadonlyMap<string, AssessedRecord>,
  findings: readonly StaleFinding[],
): string[] {
  const out = new Set<string>();
  for (const f of findings) {
    const record = byId.get(f.record_id);
    if (!record || !needsAnchors(record, f)) continue;
    for (const p of f.paths)
      if (p.change !== "deleted" && record.basis.anchors!.some((a) => a.path === p.path))
        out.add(p.change === "renamed" && p.new_path ? p.new_path : p.path);
  }
  return [...out];
}

/** What the anchors of one changed file became, or undefined when it counts whole. */
async function judgeFile(
  reader: SymbolReader,
  record: AssessedRecord,
  change: PathChange,
  stored: readonly Anchor[],
  source: AnchorSource,
): Promise<FileAnchors> {
  const target = change.change === "renamed" && change.new_path ? change.new_path : change.path;
  if (change.change === "deleted") return judgeAnchors(reader, record, stored, source, target, []);
  // First only the anchors' own symbols (their tokens alone are read): the usual answer is that
  // they are as the record saw them. Anything else reads every symbol, to tell a rename or a move.
  const names = stored.map((a) => a.symbol);
  const own = await reader.symbolsNow(source, target, names);
  if (!own) return undefined;
  const same = (a: Anchor) =>
    own.some((s) => s.name === a.symbol && s.fingerprint === a.fingerprint);
  // An anchor that differs is compared with what its basis revision gives now: a fingerprint
  // written by another version of the parser must not read as a change.
  const anchors = await Promise.all(stored.map((a) => (same(a) ? a : reader.asSeen(record, a))));
  if (anchors.every(same)) return judgeAnchors(reader, record, anchors, source, target, own);
  const now = await reader.symbolsNow(source, target);
  if (!now) return undefined;
  return judgeAnchors(reader, record, anchors, source, target, now);
}

/** What the anchors of one file became, given the symbols of `target` now. */
async function judgeAnchors(
  reader: SymbolReader,
  record: AssessedRecord,
  anchors: readonly Anchor[],
  source: AnchorSource,
  target: string,
  now: readonly AnchorSymbol[],
): Promise<FileAnchors> {
  const results: AnchorChange[] = [];
  const commits: ChangeCommit[] = [];
  const named = new Set(anchors.map((a) => a.symbol));
  for (const a of anchors) {
    const same = now.find((s) => s.name === a.symbol);
    let result: AnchorChange;
    if (same?.fingerprint === a.fingerprint)
      result =
        target === a.path
          ? { path: a.path, symbol: a.symbol, change: "unchanged", commits: [] }
          : { path: a.path, symbol: a.symbol, change: "moved", new_path: target, commits: [] };
    else if (same) {
      const renames = await reader.mechanicalRenames(record, a, same, source, target);
      result = renames
        ? {
            path: a.path,
            symbol: a.symbol,
            change: "unchanged",
            renamed_identifiers: renames,
            commits: [],
          }
        : { path: a.path, symbol: a.symbol, change: "modified", commits: [] };
    } else {
      const renamed = a.shape
        ? now.find((s) => s.shape === a.shape && !named.has(s.name))
        : undefined;
      result = renamed
        ? {
            path: a.path,
            symbol: a.symbol,
            change: "renamed",
            new_symbol: renamed.name,
            commits: [],
          }
        : { path: a.path, symbol: a.symbol, change: "deleted", commits: [] };
    }
    if (result.change !== "unchanged" && !(result.change === "moved" && target !== a.path)) {
      const found = await reader.commitChanging(record, a, source);
      if (found) {
        result.commits = [found.commit.hash];
        if (!commits.some((c) => c.hash === found.commit.hash)) commits.push(found.commit);
        // Gone from its file: moved to another one the same commit changed, with its tokens?
        if (result.change === "deleted" && found.movedTo) {
          const there = await reader.symbolsNow(source, found.movedTo.path, [found.movedTo.symbol]);
          const kept = there?.find((s) => s.name === found.movedTo!.symbol);
          if (kept)
            result = {
              ...result,
              change: kept.fingerprint === a.fingerprint ? "moved" : "modified",
              new_path: found.movedTo.path,
              ...(found.movedTo.symbol !== a.symbol ? { new_symbol: found.movedTo.symbol } : {}),
            };
        }
      }
    }
    results.push(result);
  }
  return { anchors: results, commits };
}

/** Reads and parses file contents through the git adapter, each (revision, path) once. */
class SymbolReader {
  private readonly parsed = new Map<string, Promise<AnchorSymbol[] | undefined>>();
  /** Contents read ahead in one request: `${revision}\0${path}` or `staged\0${path}` -> bytes. */
  private readonly fetched = new Map<string, Buffer>();
  constructor(private readonly git: GitAdapter) {}

  /** Reads `paths` as the source holds them in two requests (ids, then blobs), not one each. */
  async prefetch(source: AnchorSource, paths: readonly string[]): Promise<void> {
    if (paths.length === 0) return;
    const keys: string[] = [];
    const oids: (string | undefined)[] = [];
    const atHead: string[] = [];
    for (const p of paths) {
      const staged = source.staged?.changes.find((c) => c.path === p);
      if (staged) {
        keys.push(`staged\0${p}`);
        oids.push(staged.status === "D" ? undefined : staged.blob);
      } else atHead.push(p);
    }
    const ids = await this.git.objectIdsAt(atHead.map((p) => [source.head, p] as const));
    atHead.forEach((p, i) => {
      keys.push(`${source.head}\0${p}`);
      oids.push(ids[i]);
    });
    const blobs = await this.git.readBlobs(oids.filter((o): o is string => o !== undefined));
    keys.forEach((key, i) => {
      const bytes = oids[i] === undefined ? undefined : blobs.get(oids[i]!);
      if (bytes) this.fetched.set(key, bytes);
    });
  }

  private read(key: string, fallback: () => Promise<Buffer | undefined>) {
    const hit = this.fetched.get(key);
    return hit ? Promise.resolve(hit) : fallback();
  }

  /** The blob ids of `paths` at `revision`. */
  async blobIds(revision: string, paths: readonly string[]): Promise<Map<string, string>> {
    return paths.length === 0 ? new Map() : this.git.objectIds(revision, paths);
  }

  /** The symbols of `path` at `revision`, [] where there is no file, undefined when not parsed. */
  symbolsAt(
    revision: string,
    path: string,
    only?: readonly string[],
  ): Promise<AnchorSymbol[] | undefined> {
    return this.parse(`${revision}\0${path}`, path, only, () =>
      this.git.readFileAt(revision, path),
    );
  }

  /**
   * The symbols (or only `only`) of the file read under `key` (fetched in a batch, else by
   * `fallback`), parsed once per key and wanted names; [] where there is no file.
   */
  private parse(
    key: string,
    path: string,
    only: readonly string[] | undefined,
    fallback: () => Promise<Buffer | undefined>,
  ): Promise<AnchorSymbol[] | undefined> {
    const parsedKey = only ? `${key}\0${only.join("\0")}` : key;
    let hit = this.parsed.get(parsedKey);
    if (!hit) {
      hit = this.read(key, fallback).then((bytes) =>
        bytes === undefined ? [] : readSymbols(path, bytes.toString("utf8"), only ? { only } : {}),
      );
      this.parsed.set(parsedKey, hit);
    }
    return hit;
  }

  /**
   * The identifier renames that are all that changed in anchor `a` (its symbol now `now` in
   * `path`), when they are mechanical (see `mechanicalRenames`); undefined otherwise, or when
   * what the record saw is not at its basis revision (uncommitted then).
   */
  async mechanicalRenames(
    record: AssessedRecord,
    a: Anchor,
    now: AnchorSymbol,
    source: AnchorSource,
    path: string,
  ): Promise<[string, string][] | undefined> {
    if (record.basis.uncommitted?.includes(a.path) || now.startLine <= 0) return undefined;
    const [was, basisText, nowText] = await Promise.all([
      this.symbolsAt(record.basis.revision, a.path, [a.symbol]),
      this.textAt(record.basis.revision, a.path),
      this.textNow(source, path),
    ]);
    const before = was?.find((s) => s.name === a.symbol);
    if (
      !before ||
      before.fingerprint !== a.fingerprint ||
      basisText === undefined ||
      nowText === undefined
    )
      return undefined;
    return mechanicalRenames(
      lines(basisText, before.startLine, before.endLine),
      lines(nowText, now.startLine, now.endLine),
      nowText,
    );
  }

  private textAt(revision: string, path: string): Promise<string | undefined> {
    return this.git.readFileAt(revision, path).then((b) => b?.toString("utf8"));
  }

  private async textNow(source: AnchorSource, path: string): Promise<string | undefined> {
    const staged = source.staged?.changes.find((c) => c.path === path);
    if (!staged) return this.textAt(source.head, path);
    return staged.blob ? (await this.git.readBlob(staged.blob))?.toString("utf8") : undefined;
  }

  /**
   * Anchor `a` as its basis revision gives it with this parser (fingerprint and shape), when the
   * record saw that revision there; else as stored.
   */
  async asSeen(record: AssessedRecord, a: Anchor): Promise<Anchor> {
    if (record.basis.uncommitted?.includes(a.path)) return a;
    const was = (await this.symbolsAt(record.basis.revision, a.path, [a.symbol]))?.find(
      (s) => s.name === a.symbol,
    );
    return was
      ? { ...a, fingerprint: was.fingerprint, ...(was.shape ? { shape: was.shape } : {}) }
      : a;
  }

  /** The symbols of `path` as the source holds it (staged content where the change stages it). */
  async symbolsNow(
    source: AnchorSource,
    path: string,
    only?: readonly string[],
  ): Promise<AnchorSymbol[] | undefined> {
    const staged = source.staged?.changes.find((c) => c.path === path);
    if (!staged) return this.symbolsAt(source.head, path, only);
    if (staged.status === "D" || !staged.blob) return [];
    const blob = staged.blob;
    return this.parse(`staged\0${path}`, path, only, () => this.git.readBlob(blob));
  }

  /**
   * The first commit after the basis that left anchor `a` otherwise than the record saw it, and
   * where it went when that commit took it out of its file (a symbol of the same tokens in
   * another file the commit changed). Undefined when not found within MAX_WALKED commits.
   */
  async commitChanging(
    record: AssessedRecord,
    a: Anchor,
    source: AnchorSource,
  ): Promise<{ commit: ChangeCommit; movedTo?: { path: string; symbol: string } } | undefined> {
    if (source.staged?.changes.some((c) => c.path === a.path || c.old_path === a.path)) {
      const c = source.staged;
      return {
        commit: { hash: c.hash, author: c.author, subject: c.subject },
        ...(await this.movedIn(c, a, (p) => this.symbolsNow(source, p))),
      };
    }
    const commits: CommitInfo[] = [];
    await this.git.streamCommits(source.head, [record.basis.revision], { paths: [a.path] }, (c) => {
      if (c.changes.some((ch) => ch.path === a.path || ch.old_path === a.path)) commits.push(c);
    });
    commits.reverse();
    for (const c of commits.slice(0, MAX_WALKED)) {
      const change = c.changes.find((ch) => ch.path === a.path || ch.old_path === a.path)!;
      const symbols =
        change.status === "D" || change.old_path === a.path
          ? []
          : await this.symbolsAt(c.hash, a.path);
      const there = symbols?.find((s) => s.name === a.symbol);
      if (there?.fingerprint === a.fingerprint) continue;
      const commit = { hash: c.hash, author: c.author, subject: c.subject };
      if (there) return { commit };
      const full = await this.fullChanges(c);
      return { commit, ...(await this.movedIn(full, a, (p) => this.symbolsAt(c.hash, p))) };
    }
    return undefined;
  }

  /** Where commit `c` put a symbol with anchor `a`'s tokens, among the other files it changed. */
  private async movedIn(
    c: CommitInfo,
    a: Anchor,
    symbolsOf: (path: string) => Promise<AnchorSymbol[] | undefined>,
  ): Promise<{ movedTo?: { path: string; symbol: string } }> {
    for (const ch of c.changes) {
      if (ch.status === "D" || ch.path === a.path) continue;
      const symbols = await symbolsOf(ch.path);
      const hit =
        symbols?.find((s) => s.fingerprint === a.fingerprint) ??
        (a.shape ? symbols?.find((s) => s.shape === a.shape) : undefined);
      if (hit) return { movedTo: { path: ch.path, symbol: hit.name } };
    }
    return {};
  }

  /** Commit `c` with every file it changed (the walk above listed only the anchor's file). */
  private async fullChanges(c: CommitInfo): Promise<CommitInfo> {
    let full: CommitInfo | undefined;
    await this.git.streamCommits(c.hash, c.parents, {}, (x) => {
      if (x.hash === c.hash) full = x;
    });
    return full ?? c;
  }
}
