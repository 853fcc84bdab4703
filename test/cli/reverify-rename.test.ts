import { describe, expect, it } from "vitest";
import { makeRepo, type TestRepo, testEnv } from "../support/repo.js";

const ADAPTERS = ["cli", "embedded"] as const;
type Adapter = (typeof ADAPTERS)[number];

const LINES = Array.from({ length: 20 }, (_, i) => `export const line${i} = ${i};`);

type Finding = {
  record_id: string;
  state: string;
  commits: { subject: string }[];
  paths: unknown[];
};
type Reverified = { basis: unknown; followed: string[] };

/**
 * A decision on `src/a.ts`, then the file moved to `lib/a.ts` and edited in the same commit (git
 * pairs them at 95% similarity), re-verified, then edited again — with one adapter throughout.
 * Commit dates are pinned, so both adapters' repositories hold the same commits.
 */
function reverifiedAfterRename(adapter: Adapter) {
  const env = testEnv(adapter === "embedded" ? { ADRIFT_GIT: "embedded" } : {});
  const run = <T>(repo: TestRepo, args: string[]) => repo.adriftJson<T>(args, { env });
  const repo = makeRepo();
  repo.commit("code", { "src/a.ts": `${LINES.join("\n")}\n` });
  const { id } = run<{ id: string }>(repo, [
    "decision",
    "record",
    "--outcome",
    "o",
    "--path",
    "src/a.ts",
  ]);
  repo.commit("record");
  repo.git("rm", "-q", "src/a.ts");
  repo.commit("move and edit a", { "lib/a.ts": `${LINES.join("\n")}\nexport const more = 1;\n` });
  const stale = (): Omit<Finding, "record_id"> => {
    const { record_id: _, ...rest } = run<{ findings: Finding[] }>(repo, ["stale"]).findings.find(
      (f) => f.record_id === id,
    )!;
    return rest;
  };
  const before = stale();
  const reverified = run<Reverified>(repo, ["decision", "reverify", id]);
  repo.commit("re-verified");
  const after = stale();
  repo.commit("edit a where it went", {
    "lib/a.ts": `${LINES.join("\n")}\nexport const edited = 2;\n`,
  });
  const result = {
    before,
    reverified: { basis: reverified.basis, followed: reverified.followed },
    after,
    edited: stale(),
  };
  // The two repositories' commits carry different log files: name each commit by its subject.
  const subjects = new Map(
    repo
      .git("log", "--format=%H %s")
      .trim()
      .split("\n")
      .map((line) => [line.slice(0, 40), line.slice(41)]),
  );
  return JSON.parse(
    JSON.stringify(result).replace(/[0-9a-f]{40}/g, (hash) => `<${subjects.get(hash) ?? hash}>`),
  ) as typeof result;
}

describe("re-verification after a rename with edits, with both git adapters", () => {
  it("follows the file to where it went, and gives the same basis and findings either way", () => {
    const [cli, embedded] = ADAPTERS.map(reverifiedAfterRename);
    expect(cli!.before).toMatchObject({
      state: "stale",
      paths: [
        expect.objectContaining({ path: "src/a.ts", change: "renamed", new_path: "lib/a.ts" }),
      ],
    });
    expect(cli!.reverified.followed).toEqual(["src/a.ts → lib/a.ts"]);
    expect(cli!.reverified.basis).toMatchObject({ touched_paths: ["lib/a.ts"] });
    expect(cli!.after).toMatchObject({ state: "fresh", commits: [] });
    expect(cli!.edited).toMatchObject({
      state: "stale",
      commits: [expect.objectContaining({ subject: "edit a where it went" })],
    });
    expect(embedded).toEqual(cli);
  });
});
