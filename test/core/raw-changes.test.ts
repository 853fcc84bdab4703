import { describe, expect, it } from "vitest";
import {
  LOG_CHANGES,
  LOG_FORMAT,
  parseLog,
  parseNameStatus,
  parseRawChanges,
} from "../../src/adapters/git/cli-parse.js";
import { makeRepo } from "../support/repo.js";

describe("git log --raw as adrift reads it", () => {
  it("gives the changes --name-status gives, with the blobs each commit found and left (merges too)", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "a\n", "src/b.ts": "b\nb\nb\nb\nb\n", "src/c.ts": "c\n" });
    repo.git("checkout", "-q", "-b", "side");
    repo.commit("side", { "src/a.ts": "a from the side\n" });
    repo.git("checkout", "-q", "main");
    repo.commit("main", { "src/a.ts": "a from main\n" });
    repo.git("rm", "-q", "src/c.ts");
    repo.git("mv", "src/b.ts", "src/renamed.ts");
    repo.write("src/renamed.ts", "b\nb\nb\nb\nb\nmore\n");
    repo.commit("rename b with an edit, delete c, add d", { "src/d.ts": "d\n" });
    try {
      repo.git("merge", "-q", "--no-commit", "side");
    } catch {
      // a conflict on src/a.ts: resolved by hand below
    }
    repo.write("src/a.ts", "a, both\n");
    repo.commit("merge side, a resolved by hand");
    const log = (...args: string[]) =>
      repo.git("log", "--topo-order", "-c", ...args, `--format=${LOG_FORMAT}`, "HEAD");
    const raw = parseLog(log(...LOG_CHANGES));
    // The same commits as --name-status lists them (what adrift read before the blob ids).
    const named = log("-z", "-M", "--name-status")
      .split("\x01")
      .filter(Boolean)
      .map((chunk) => {
        const tokens = chunk.split("\0");
        return { hash: tokens[0]!.slice(1), changes: parseNameStatus(tokens, 7) };
      });
    expect(raw.map((c) => c.hash)).toEqual(named.map((c) => c.hash));
    raw.forEach((commit, i) => {
      const plain = commit.changes.map(({ blob: _b, was: _w, ...rest }) => rest);
      expect(plain).toEqual(named[i]!.changes);
      for (const change of commit.changes) {
        const left = (rev: string, path: string) => {
          try {
            return repo.git("rev-parse", `${rev}:${path}`).trim();
          } catch {
            return undefined;
          }
        };
        expect(change.blob).toBe(left(commit.hash, change.path));
        const first = commit.parents[0] ? `${commit.hash}^1` : undefined;
        expect(change.was).toBe(
          first && change.status !== "A" ? left(first, change.old_path ?? change.path) : undefined,
        );
      }
    });
    const merge = raw[0]!;
    expect(merge.parents).toHaveLength(2);
    expect(merge.changes.map((c) => c.path)).toEqual(["src/a.ts"]);
    const rename = raw.find((c) => c.subject.startsWith("rename"))!;
    expect(rename.changes.find((c) => c.status === "R")).toMatchObject({
      old_path: "src/b.ts",
      path: "src/renamed.ts",
    });
  });

  it("reads the staged change's blobs (the index's) and leaves an unmerged entry without them", () => {
    const tokens = [
      ":100644 100644 1111111111111111111111111111111111111111 2222222222222222222222222222222222222222 M",
      "src/a.ts",
      ":000000 100644 0000000000000000000000000000000000000000 3333333333333333333333333333333333333333 A",
      "src/new.ts",
      ":100644 000000 4444444444444444444444444444444444444444 0000000000000000000000000000000000000000 D",
      "src/gone.ts",
      ":000000 000000 0000000000000000000000000000000000000000 0000000000000000000000000000000000000000 U",
      "src/conflict.ts",
    ];
    expect(parseRawChanges(tokens)).toEqual([
      { status: "M", path: "src/a.ts", was: "1".repeat(40), blob: "2".repeat(40) },
      { status: "A", path: "src/new.ts", blob: "3".repeat(40) },
      { status: "D", path: "src/gone.ts", was: "4".repeat(40) },
      { status: "M", path: "src/conflict.ts" },
    ]);
    expect(parseNameStatus(["M", "src/a.ts"])).toEqual([{ status: "M", path: "src/a.ts" }]);
  });
});
