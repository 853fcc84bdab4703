import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ChangedPath, RangeCommit, TreeEntry } from "../../core/reports/inputs.js";
import { remoteUrlInConfig } from "./config-file.js";
import { runGit } from "./run-git.js";
import type { RepositoryLocation } from "./types.js";

export type { ChangedPath, RangeCommit, TreeEntry };

const STATUS: Record<string, ChangedPath["status"]> = {
  A: "added",
  M: "modified",
  D: "deleted",
  R: "renamed",
  C: "added",
  T: "modified",
};

/**
 * The git questions reports ask (diffs, trees, ranges, file contents at a revision),
 * through the git CLI with `-z` everywhere paths are printed.
 */
export class ReportGit {
  constructor(
    readonly location: RepositoryLocation,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** Runs git in the work tree root; a non-zero exit throws git_failed with git's message. */
  private runOrThrow(args: string[], input?: string) {
    return runGit(args, { cwd: this.location.root, env: this.env, input });
  }

  /** Runs git in the work tree root; a non-zero exit is returned as `code`, never thrown. */
  private runAllowingFailure(args: string[], input?: string) {
    return runGit(args, { cwd: this.location.root, env: this.env, allowFail: true, input });
  }

  /** Full commit id, or undefined when the revision is not in this clone. */
  async resolve(rev: string): Promise<string | undefined> {
    const { stdout, code } = await this.runAllowingFailure([
      "rev-parse",
      "--verify",
      "--quiet",
      "--end-of-options",
      `${rev}^{commit}`,
    ]);
    return code === 0 ? stdout.trim() || undefined : undefined;
  }

  /** Several revisions' full commit ids (undefined where not in this clone), in one git process. */
  async resolveAll(revs: readonly string[]): Promise<(string | undefined)[]> {
    // One object name per input line: a revision with a line break is asked on its own.
    if (revs.some((r) => /[\r\n]/.test(r))) return Promise.all(revs.map((r) => this.resolve(r)));
    const { stdout, code } = await this.runAllowingFailure(
      ["cat-file", "--batch-check=%(objectname) %(objecttype)"],
      revs.map((r) => `${r}^{commit}\n`).join(""),
    );
    const lines = stdout.split("\n");
    return revs.map((_, i) => {
      const [oid, type] = (lines[i] ?? "").split(" ");
      return code === 0 && type === "commit" && /^[0-9a-f]{40,64}$/.test(oid ?? "")
        ? oid
        : undefined;
    });
  }

  /** The merge base of two commits, or undefined when history does not reach it. */
  async mergeBase(a: string, b: string): Promise<string | undefined> {
    const { stdout, code } = await this.runAllowingFailure([
      "merge-base",
      "--end-of-options",
      a,
      b,
    ]);
    return code === 0 ? stdout.trim() || undefined : undefined;
  }

  /** Paths that differ between two commits (renames detected). */
  async diff(from: string, to: string): Promise<ChangedPath[]> {
    const { stdout } = await this.runOrThrow(["diff", "--name-status", "-z", "-M", from, to, "--"]);
    const parts = stdout.split("\0");
    const out: ChangedPath[] = [];
    for (let i = 0; i < parts.length - 1; ) {
      const code = parts[i++]!;
      const status = STATUS[code[0]!] ?? "modified";
      if (code[0] === "R" || code[0] === "C") {
        const from = parts[i++]!;
        const to = parts[i++]!;
        out.push(code[0] === "R" ? { path: to, status, from } : { path: to, status });
      } else out.push({ path: parts[i++]!, status });
    }
    return out;
  }

  /** The commits reachable from `head` and not from `base`, each before its parents, with them. */
  async commits(base: string, head: string): Promise<RangeCommit[]> {
    const { stdout } = await this.runOrThrow([
      "log",
      "-z",
      "--topo-order",
      "--format=%H%x1f%an%x1f%s%x1f%(trailers:key=Adrift-Workline,valueonly,separator=%x2c)%x1f%P",
      `${base}..${head}`,
      "--",
    ]);
    return stdout
      .split("\0")
      .filter((s) => s.length > 0)
      .map((entry) => {
        const [hash, author, subject, workline, parents] = entry.split("\x1f");
        const trailer = workline?.trim();
        return {
          hash: hash!.trim(),
          author: author ?? "",
          subject: subject ?? "",
          ...(trailer ? { workline: trailer.split(",")[0]!.trim() } : {}),
          parents: (parents ?? "").trim().split(" ").filter(Boolean),
        };
      });
  }

  /** Every file of the tree at `rev` with its blob id (optionally only these paths). */
  async tree(rev: string, paths?: readonly string[]): Promise<TreeEntry[]> {
    const args = ["ls-tree", "-r", "-z", "--full-tree", rev];
    if (paths) {
      if (paths.length === 0) return [];
      args.push("--", ...paths.map((p) => `:(literal)${p}`));
    }
    const { stdout, code } = await this.runAllowingFailure(args);
    if (code !== 0) return [];
    const out: TreeEntry[] = [];
    for (const line of stdout.split("\0")) {
      const tab = line.indexOf("\t");
      if (tab < 0) continue;
      const meta = line.slice(0, tab).split(" ");
      if (meta[1] !== "blob") continue;
      out.push({ path: line.slice(tab + 1), oid: meta[2]! });
    }
    return out;
  }

  /** The contents of blobs by id (one `cat-file --batch` process). */
  async blobs(oids: readonly string[]): Promise<Map<string, Buffer>> {
    const out = new Map<string, Buffer>();
    if (oids.length === 0) return out;
    const { execFile } = await import("node:child_process");
    const buffer = await new Promise<Buffer>((resolve, reject) => {
      const child = execFile(
        "git",
        ["cat-file", "--batch"],
        { cwd: this.location.root, env: this.env, encoding: "buffer", maxBuffer: 1 << 30 },
        (error, stdout) => (error ? reject(error) : resolve(stdout as Buffer)),
      );
      child.stdin?.end(`${oids.join("\n")}\n`);
    });
    let at = 0;
    for (const oid of oids) {
      const eol = buffer.indexOf(0x0a, at);
      const header = buffer.subarray(at, eol).toString("utf8").split(" ");
      at = eol + 1;
      if (header[1] === "missing") continue;
      const size = Number(header[2]);
      out.set(oid, buffer.subarray(at, at + size));
      at += size + 1;
    }
    return out;
  }

  /**
   * The URL of a remote (`remote.<name>.url`), or undefined when there is none: read from the
   * repository's config file (a git process costs more than the whole read), asking git only
   * when that file includes others.
   */
  async remoteUrl(name = "origin"): Promise<string | undefined> {
    let text: string | undefined;
    try {
      text = await readFile(path.join(this.location.commonDir, "config"), "utf8");
    } catch {
      text = undefined;
    }
    const found = text === undefined ? "ask-git" : remoteUrlInConfig(text, name);
    if (found !== "ask-git") return found || undefined;
    const { stdout, code } = await this.runAllowingFailure([
      "config",
      "--get",
      `remote.${name}.url`,
    ]);
    return code === 0 ? stdout.trim() || undefined : undefined;
  }

  /** How many commits of `from..head` descend from `from` (all of them when none predates it). */
  async countDescending(from: string, head: string): Promise<number> {
    const { stdout } = await this.runOrThrow([
      "rev-list",
      "--count",
      "--ancestry-path",
      `${from}..${head}`,
      "--",
    ]);
    return Number(stdout.trim());
  }

  /**
   * Where each fixed string first occurs in the files matching `pathspecs` at `rev` (a full
   * commit id): file and line, the first file in git's order. One `git grep` process.
   */
  async firstOccurrences(
    rev: string,
    needles: readonly string[],
    pathspecs: readonly string[],
  ): Promise<Map<string, { file: string; line: number }>> {
    const out = new Map<string, { file: string; line: number }>();
    if (needles.length === 0) return out;
    const args = ["grep", "-z", "-n", "-o", "-F", "--no-color"];
    for (const needle of needles) args.push("-e", needle);
    const { stdout, code } = await this.runAllowingFailure([...args, rev, "--", ...pathspecs]);
    if (code !== 0) return out; // 1: nothing found
    const prefix = `${rev}:`;
    for (let at = 0; at < stdout.length; ) {
      const nul = stdout.indexOf("\0", at);
      const nul2 = nul < 0 ? -1 : stdout.indexOf("\0", nul + 1);
      const eol = nul2 < 0 ? -1 : stdout.indexOf("\n", nul2 + 1);
      if (eol < 0) break;
      const name = stdout.slice(at, nul);
      const line = Number(stdout.slice(nul + 1, nul2));
      const match = stdout.slice(nul2 + 1, eol);
      at = eol + 1;
      if (!name.startsWith(prefix) || !Number.isInteger(line) || out.has(match)) continue;
      out.set(match, { file: name.slice(prefix.length), line });
    }
    return out;
  }

  /** True when the clone is shallow (history may stop before a record's revision). */
  async isShallow(): Promise<boolean> {
    const { stdout } = await this.runAllowingFailure(["rev-parse", "--is-shallow-repository"]);
    return stdout.trim() === "true";
  }
}
