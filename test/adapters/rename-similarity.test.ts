import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openGit } from "../../src/adapters/git/open.js";
import { type DiffPair, detectRenames } from "../../src/adapters/git/rename-detect.js";
import type { CommitInfo } from "../../src/adapters/git/types.js";
import { type ImportCommit, importHistory } from "../support/fast-import.js";
import { propertyOptions } from "../support/property.js";
import { testEnv } from "../support/repo.js";

/** Every commit of `dir` with its changes, as one adapter lists them (sorted by hash). */
async function history(dir: string, adapter: "cli" | "embedded"): Promise<CommitInfo[]> {
  const git = await openGit(dir, testEnv(adapter === "embedded" ? { ADRIFT_GIT: "embedded" } : {}));
  const commits: CommitInfo[] = [];
  await git.streamCommits((await git.resolveRevision("HEAD"))!, [], {}, (c) => commits.push(c));
  return commits.sort((a, b) => (a.hash < b.hash ? -1 : 1));
}

const VOCABULARY = [
  "",
  "alpha",
  "beta",
  "gamma delta",
  "return x;",
  "}",
  "  indented line",
  "x".repeat(70),
  `${"y".repeat(130)}z`,
  "tab\tseparated",
  "ends in a carriage return\r",
  "\r",
];
const line = fc.oneof(fc.constantFrom(...VOCABULARY), fc.string({ maxLength: 90 }));
const edit = fc.oneof(
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), line }),
  fc.record({ kind: fc.constant("swap" as const), at: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant("copy" as const), at: fc.nat() }),
);
type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

/** The lines after the edits (positions taken modulo the length). */
function edited(lines: readonly string[], edits: readonly Edit[]): string[] {
  const out = [...lines];
  for (const e of edits) {
    const at = out.length === 0 ? 0 : e.at % out.length;
    if (e.kind === "insert") out.splice(at, 0, e.line);
    else if (out.length === 0) continue;
    else if (e.kind === "delete") out.splice(at, 1);
    else if (e.kind === "copy") out.splice(at, 0, out[at]!);
    else {
      const to = e.to % out.length;
      [out[at], out[to]] = [out[to]!, out[at]!];
    }
  }
  return out;
}

const pair = fc.record({
  lines: fc.array(line, { maxLength: 40 }),
  edits: fc.array(edit, { maxLength: 8 }),
  finalNewline: fc.boolean(),
  /** a NUL early on makes the blob binary for git: carriage returns count then */
  binary: fc.boolean(),
  sameName: fc.boolean(),
});

describe("rename similarity, as git scores it", () => {
  it("both adapters pair a deleted and an added file exactly when git does, with git's score", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(pair, { minLength: 1, maxLength: 12 }), async (pairs) => {
        const text = (lines: string[], p: (typeof pairs)[number]) =>
          `${p.binary ? "\0" : ""}${lines.join("\n")}${p.finalNewline ? "\n" : ""}`;
        const commits: ImportCommit[] = [
          { files: Object.fromEntries(pairs.map((p, k) => [`old/f${k}.txt`, text(p.lines, p)])) },
        ];
        // One deletion and one addition per commit: git compares exactly that pair.
        pairs.forEach((p, k) => {
          const to = p.sameName ? `new${k}/f${k}.txt` : `new${k}/g${k}.txt`;
          commits.push({
            files: { [`old/f${k}.txt`]: null, [to]: text(edited(p.lines, p.edits), p) },
          });
        });
        const { dir } = importHistory(commits);
        if (process.env.ADRIFT_KEEP_TEST_REPOS) console.log(dir);
        const cli = await history(dir, "cli");
        expect(await history(dir, "embedded")).toEqual(cli);
      }),
      propertyOptions({ numRuns: 15, repositories: true }),
    );
  });

  it("an inexact rename carries git's percentage; line order alone is 100% for git too", async () => {
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i}`);
    const { dir } = importHistory([
      { files: { "a/one.txt": `${lines.join("\n")}\n`, "a/two.txt": `${lines.join("\n")}\n` } },
      {
        files: {
          "a/one.txt": null,
          "b/one.txt": `${lines.slice(0, 27).join("\n")}\nnew\n`,
          "a/two.txt": null,
          "b/other.txt": `${[...lines].reverse().join("\n")}\n`,
        },
      },
    ]);
    const cli = await history(dir, "cli");
    const renames = cli.flatMap((c) => c.changes).filter((c) => c.status === "R");
    // each with the blob ids it found and left (what the content rule compares)
    const contents = {
      blob: expect.stringMatching(/^[0-9a-f]{40}$/),
      was: expect.stringMatching(/^[0-9a-f]{40}$/),
    };
    expect(renames).toEqual([
      { ...contents, status: "R", path: "b/one.txt", old_path: "a/one.txt", similarity: 89 },
      { ...contents, status: "R", path: "b/other.txt", old_path: "a/two.txt", similarity: 100 },
    ]);
    expect(await history(dir, "embedded")).toEqual(cli);
  });
});

describe("the scoring rule of the git on PATH", () => {
  const queue: DiffPair[] = [
    { path: "a.txt", before: { oid: "1", mode: 0o100644 } },
    { path: "b.txt", after: { oid: "2", mode: 0o100644 } },
  ];
  const blobs: Record<string, string> = { "1": "abc\ndef\nghi", "2": "def\nabc\nghi\nghi" };
  const read = async (oid: string) => Buffer.from(blobs[oid]!);

  it("counts a last line without a newline as git 2.43.2 and later do, or not as git before", async () => {
    // git 2.39 reports R053 for this pair (its last "ghi" is not counted); git 2.44 R073.
    expect(await detectRenames(queue, read, { countFinalLine: false })).toEqual([
      { status: "R", path: "b.txt", from: "a.txt", score: 53, before: "1", after: "2" },
    ]);
    expect(await detectRenames(queue, read)).toEqual([
      { status: "R", path: "b.txt", from: "a.txt", score: 73, before: "1", after: "2" },
    ]);
  });
});
