import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  LOG_CHANGES,
  LOG_FORMAT,
  LogStreamParser,
  parseLog,
  parseNameStatus,
  parseRawChanges,
} from "../../../src/adapters/git/cli-parse.js";
import type { FileChange } from "../../../src/core/staleness/history.js";
import { propertyOptions } from "../../support/property.js";
import { makeRepo } from "../../support/repo.js";

/**
 * The raw line read by splitting it into fields (how adrift read it before reading the fields in
 * place): the definition `parseRawChanges` must keep to, token for token.
 */
function bySplitting(tokens: readonly string[]): FileChange[] {
  const blobOf = (oid: string | undefined) =>
    oid === undefined || /^0+$/.test(oid) ? undefined : oid;
  const combined = (code: string): "A" | "D" | "M" | undefined => {
    if (code.length < 2 || code.charCodeAt(1) < 65) return undefined;
    const added = (c: string) => (c === "R" || c === "C" ? "A" : c);
    const first = added(code[0]!);
    for (let k = 1; k < code.length; k++) if (added(code[k]!) !== first) return "M";
    return first === "A" || first === "D" ? first : "M";
  };
  const changes: FileChange[] = [];
  let i = 0;
  while (i < tokens.length) {
    let token = tokens[i]!;
    if (token.charCodeAt(0) === 10) token = token.slice(1);
    if (token.charCodeAt(0) !== 58) {
      i++;
      continue;
    }
    let parents = 0;
    while (token.charCodeAt(parents) === 58) parents++;
    const fields = token.slice(parents).split(" ");
    const code = fields[2 * parents + 2] ?? "";
    const was = blobOf(fields[parents + 1]);
    const blob = blobOf(fields[2 * parents + 1]);
    const contents = (change: FileChange): FileChange => {
      if (blob !== undefined) change.blob = blob;
      if (was !== undefined && change.status !== "A") change.was = was;
      return change;
    };
    if (parents > 1) {
      const renamed = code[0] === "R" || code[0] === "C";
      const change = contents({ status: combined(code) ?? "M", path: tokens[i + 1]! });
      if (renamed) delete change.was; // the first parent had the file under another name
      changes.push(change);
      i += 2;
      continue;
    }
    const letter = code[0]!;
    if (letter === "R" || letter === "C") {
      const similarity = Number(code.slice(1)) || 0;
      if (letter === "R")
        changes.push(
          contents({ status: "R", path: tokens[i + 2]!, old_path: tokens[i + 1]!, similarity }),
        );
      else changes.push(contents({ status: "A", path: tokens[i + 2]! }));
      i += 3;
      continue;
    }
    const status = letter === "A" || letter === "D" || letter === "T" ? letter : "M";
    changes.push(
      letter === "U"
        ? { status, path: tokens[i + 1]! }
        : contents({ status, path: tokens[i + 1]! }),
    );
    i += 2;
  }
  return changes;
}

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

  it("a merge that renamed a file against its first parent found no file at its path there", () => {
    const repo = makeRepo();
    const text = "export const q = 1;\n".repeat(20);
    repo.commit("q", { "src/q.ts": text });
    repo.git("checkout", "-q", "-b", "side");
    repo.git("mv", "src/q.ts", "src/p.ts");
    repo.commit("rename q to p");
    repo.git("checkout", "-q", "main");
    repo.commit("edit q", { "src/q.ts": `${text}export const more = 2;\n` });
    repo.git("merge", "-q", "--no-edit", "side");
    const log = repo.git("log", "-1", "-c", ...LOG_CHANGES, `--format=${LOG_FORMAT}`, "HEAD");
    const [merge] = parseLog(log);
    const p = merge!.changes.find((c) => c.path === "src/p.ts");
    expect(p).toMatchObject({ status: "M", blob: repo.git("rev-parse", "HEAD:src/p.ts").trim() });
    expect(p!.was).toBeUndefined();
  });

  it("parses the log as it streams in any pieces exactly as it parses it whole", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "a\n", "src/b.ts": "b\n" });
    repo.commit(
      "wide",
      Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}.ts`, `${i}\n`])),
    );
    repo.commit("edit", { "src/a.ts": "a2\n" });
    const text = repo.git("log", "--topo-order", ...LOG_CHANGES, `--format=${LOG_FORMAT}`, "HEAD");
    const whole = parseLog(text);
    expect(whole.length).toBeGreaterThanOrEqual(3);
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat({ max: text.length }), { maxLength: 12 }), (cuts) => {
        const at = [0, ...cuts.sort((a, b) => a - b), text.length];
        const parser = new LogStreamParser();
        const streamed = at.slice(1).flatMap((end, k) => parser.push(text.slice(at[k], end)));
        expect([...streamed, ...parser.end()]).toEqual(whole);
      }),
      propertyOptions({ numRuns: 300 }),
    );
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

  it("reads each raw line's fields in place as splitting it would (any parents, ids, statuses)", () => {
    const oid = fc.oneof(
      fc.constant("0".repeat(40)),
      fc.stringMatching(/^[0-9a-f]{40}$/),
      fc.stringMatching(/^[0-9a-f]{64}$/),
      fc.constantFrom("", "0", "00a", "a0"),
    );
    const mode = fc.constantFrom("000000", "100644", "100755", "120000", "160000");
    const status = fc.oneof(
      fc.constantFrom("A", "M", "D", "T", "U", "X", "R100", "R067", "C090", "R", ""),
      fc.stringMatching(/^[ACDMRTU]{2,3}$/),
    );
    const line = fc
      .record({
        parents: fc.integer({ min: 1, max: 3 }),
        modes: fc.array(mode, { minLength: 4, maxLength: 4 }),
        oids: fc.array(oid, { minLength: 4, maxLength: 4 }),
        status,
        newline: fc.boolean(),
        cut: fc.option(fc.nat({ max: 200 }), { freq: 4 }),
        paths: fc.array(fc.stringMatching(/^[a-z]{1,6}(\/[a-z.]{1,6}){0,2}$/), {
          minLength: 2,
          maxLength: 2,
        }),
      })
      .map(({ parents, modes, oids, status, newline, cut, paths }) => {
        const n = parents + 1;
        let raw = `${":".repeat(parents)}${[...modes.slice(0, n), ...oids.slice(0, n), status].join(" ")}`;
        if (cut !== null) raw = raw.slice(0, cut); // a line cut short: the same answer all the same
        const letter = status.replace(/^[^A-Z]*/, "")[0];
        const two = parents === 1 && (letter === "R" || letter === "C");
        return [newline ? `\n${raw}` : raw, ...paths.slice(0, two ? 2 : 1)];
      });
    fc.assert(
      fc.property(fc.array(fc.oneof(line, fc.constant([""])), { maxLength: 8 }), (lines) => {
        const tokens = lines.flat();
        expect(parseRawChanges(tokens)).toStrictEqual(bySplitting(tokens));
      }),
      propertyOptions({ numRuns: 2_000 }),
    );
  });
});
