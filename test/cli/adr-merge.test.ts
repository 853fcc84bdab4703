import { cpSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { openRepository } from "../../src/app/repository.js";
import { makeRepo, type TestRepo, testEnv } from "../support/repo.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/adr/", import.meta.url));

async function acceptOne(
  repo: TestRepo,
  outcome: string,
  tag: string,
  number?: number,
  supersedes?: string,
) {
  const api = await openRepository(repo.dir, { env: testEnv() });
  const { id } = await api.recordIntent({
    outcome,
    trigger: "t",
    chosen_approach: `${outcome} as planned`,
    selection_rationale: "r",
    trivial: true,
    tags: [tag],
  });
  // A record alone waits for a cluster unless asked for.
  const drafts = repo.adriftJson<{ drafts: { path: string }[] }>([
    "adr",
    "draft",
    "--record",
    id,
  ]).drafts;
  return repo.adriftJson<{ path: string; number: number }>([
    "adr",
    "accept",
    drafts[0]!.path,
    ...(number ? ["--number", String(number)] : []),
    ...(supersedes ? ["--supersedes", supersedes] : []),
  ]);
}

describe("two branches each accepting ADR 0007", () => {
  it("validate reports it; renumber moves the later one and fixes every link to it", async () => {
    const repo = makeRepo();
    repo.adrift(["init"]);
    const base = await acceptOne(repo, "Base decision", "base");
    repo.commit("init adrift");
    repo.git("checkout", "-q", "-b", "a");
    const a = await acceptOne(repo, "Alpha decision", "alpha", 7);
    repo.commit("accept alpha");
    repo.git("checkout", "-q", "main");
    repo.git("checkout", "-q", "-b", "b");
    const b = await acceptOne(repo, "Beta decision", "beta", 7, "ADR-0001");
    const bFile = path.basename(b.path);
    repo.write(
      "docs/adr/0008-notes.md",
      `---\nstatus: accepted\n---\n# Notes\n\nSee [beta](${bFile}) and [again](./${bFile}#context).\n`,
    );
    repo.write("docs/guide.md", `Unrelated [beta](adr/${bFile}).\n`);
    repo.commit("accept beta");
    repo.git("checkout", "-q", "main");
    repo.git("merge", "-q", "--no-edit", "a");
    repo.git("merge", "-q", "--no-edit", "-X", "ours", "b");
    expect(a.path).not.toBe(b.path);

    const invalid = repo.adrift(["validate", "--json"]);
    expect(invalid.code).toBe(2);
    const problems = JSON.parse(invalid.stdout).problems as { code: string; file: string }[];
    expect(
      problems
        .filter((p) => p.code === "duplicate_adr_number")
        .map((p) => p.file)
        .sort(),
    ).toEqual([a.path, b.path].sort());

    const result = repo.adriftJson<{
      renumbered: { old_path: string; new_path: string; to: number }[];
    }>(["adr", "renumber"]);
    expect(result.renumbered).toEqual([
      expect.objectContaining({
        old_path: b.path,
        to: 9,
        new_path: b.path.replace("0007-", "0009-"),
      }),
    ]);
    const notes = repo.read("docs/adr/0008-notes.md");
    expect(notes).toContain(`[beta](${bFile.replace("0007-", "0009-")})`);
    expect(notes).toContain(`[again](./${bFile.replace("0007-", "0009-")}#context)`);
    expect(repo.read("docs/adr/README.md")).toContain(bFile.replace("0007-", "0009-"));
    expect(repo.read(a.path)).toContain("Alpha decision");
    expect(repo.read(base.path)).toMatch(/^status: superseded by ADR-0009$/m);
    expect(repo.read(base.path)).toMatch(/^superseded-by:\n\s+- ADR-0009$/m);
    expect(repo.adrift(["validate"]).code).toBe(0);
    const numbers = repo
      .adriftJson<{ adrs: { number: number }[] }>(["adr", "list"])
      .adrs.map((x) => x.number);
    expect(numbers).toEqual([1, 7, 8, 9]);
    expect(repo.adriftJson<{ renumbered: unknown[] }>(["adr", "renumber"]).renumbered).toEqual([]);
  });
});

describe("adr renumber and plain-text mentions", () => {
  it("rewrites ADR-0007 in prose written beside the moved ADR, leaves the kept one's, code and other numbers", async () => {
    const repo = makeRepo();
    repo.adrift(["init"]);
    repo.commit("init adrift");
    repo.git("checkout", "-q", "-b", "a");
    const a = await acceptOne(repo, "Alpha decision", "alpha", 7);
    repo.write("docs/adr/0008-alpha-notes.md", "# 8. Alpha notes\n\nFollows ADR-0007 closely.\n");
    repo.commit("accept alpha");
    repo.git("checkout", "-q", "main");
    repo.git("checkout", "-q", "-b", "b");
    const b = await acceptOne(repo, "Beta decision", "beta", 7);
    const bFile = path.basename(b.path);
    const beta = [
      "# 9. Beta notes",
      "",
      `Builds on ADR-0007 (see [ADR-0007](${bFile})); not ADR-0017, ADR-00070 or ADR-0007x.`,
      "",
      "Inline `ADR-0007` is code.",
      "",
      "```sh",
      "adrift show ADR-0007",
      "```",
      "",
    ].join("\n");
    repo.write("docs/adr/0009-beta-notes.md", beta);
    repo.commit("accept beta");
    repo.git("checkout", "-q", "main");
    repo.git("merge", "-q", "--no-edit", "a");
    repo.git("merge", "-q", "--no-edit", "-X", "ours", "b");
    // Written once both 0007s existed: only a link says which one it means.
    const aFile = path.basename(a.path);
    repo.commit("later", {
      "docs/adr/0010-later.md": `# 10. Later\n\nMentions ADR-0007. And [ADR-0007](${aFile}).\n`,
    });

    const result = repo.adriftJson<{
      renumbered: { old_path: string; to: number; mentions_rewritten: string[] }[];
      mentions_left: { file: string; line: number; ref: string }[];
    }>(["adr", "renumber"]);
    expect(result.renumbered).toHaveLength(1);
    const { to, old_path } = result.renumbered[0]!;
    expect(old_path).toBe(b.path);
    const ref = `ADR-${String(to).padStart(4, "0")}`;
    const moved = bFile.replace("0007-", `${String(to).padStart(4, "0")}-`);
    expect(repo.read("docs/adr/0009-beta-notes.md")).toBe(
      beta.replace(
        `Builds on ADR-0007 (see [ADR-0007](${bFile}))`,
        `Builds on ${ref} (see [${ref}](${moved}))`,
      ),
    );
    expect(repo.read("docs/adr/0008-alpha-notes.md")).toBe(
      "# 8. Alpha notes\n\nFollows ADR-0007 closely.\n",
    );
    expect(repo.read("docs/adr/0010-later.md")).toBe(
      `# 10. Later\n\nMentions ADR-0007. And [ADR-0007](${aFile}).\n`,
    );
    expect(result.renumbered[0]!.mentions_rewritten).toEqual(["docs/adr/0009-beta-notes.md"]);
    expect(result.mentions_left).toEqual([
      { file: "docs/adr/0010-later.md", line: 3, ref: "ADR-0007" },
    ]);
  });

  it("prints the mentions it left for a person, with file:line", async () => {
    const repo = makeRepo();
    repo.adrift(["init"]);
    repo.commit("init adrift");
    repo.git("checkout", "-q", "-b", "a");
    await acceptOne(repo, "Alpha decision", "alpha", 7);
    repo.commit("accept alpha");
    repo.git("checkout", "-q", "main");
    repo.git("checkout", "-q", "-b", "b");
    await acceptOne(repo, "Beta decision", "beta", 7);
    repo.commit("accept beta");
    repo.git("checkout", "-q", "main");
    repo.git("merge", "-q", "--no-edit", "a");
    repo.git("merge", "-q", "--no-edit", "-X", "ours", "b");
    repo.write("docs/adr/0008-draft-notes.md", "# 8. Notes\n\nWhich ADR-7?\n");
    const human = repo.adrift(["adr", "renumber"]);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toContain(
      "docs/adr/0008-draft-notes.md:3: check ADR-0007 was written when both ADRs with that number existed; left as it is",
    );
    expect(repo.read("docs/adr/0008-draft-notes.md")).toBe("# 8. Notes\n\nWhich ADR-7?\n");
  });
});

describe("adr import", () => {
  it("imports every fixture folder with warnings naming file:line, never changing a file", () => {
    const repo = makeRepo();
    for (const family of ["nygard", "madr2", "madr3", "log4brains", "quirks"])
      cpSync(path.join(FIXTURES, family), path.join(repo.dir, "imports", family), {
        recursive: true,
      });
    const contents = (dir: string) =>
      readdirSync(dir).map((f) => readFileSync(path.join(dir, f), "utf8"));
    const quirksBefore = contents(path.join(repo.dir, "imports/quirks"));
    const result = repo.adrift(["adr", "import", "imports/quirks", "--json"]);
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout) as {
      imported: { number?: number; status: string }[];
      warnings: { file: string; line: number }[];
    };
    expect(body.imported).toHaveLength(11);
    expect(body.warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: "imports/quirks/0004-duplicate-a.md", line: 1 }),
        expect.objectContaining({ file: "imports/quirks/0004-duplicate-b.md", line: 1 }),
        expect.objectContaining({ file: "imports/quirks/0002-day-first-date.md", line: 4 }),
      ]),
    );
    expect(contents(path.join(repo.dir, "imports/quirks"))).toEqual(quirksBefore);
    const human = repo.adrift(["adr", "import", "imports/nygard"]);
    expect(human.code).toBe(0);
    expect(human.stderr).toContain("imports/nygard/0002-use-mysql.md:7: warning");
    const again = repo.adriftJson<{ imported: unknown[]; unchanged: number }>([
      "adr",
      "import",
      "imports/quirks",
    ]);
    expect(again).toMatchObject({ imported: [], unchanged: 11 });
    const list = repo.adriftJson<{ adrs: { path: string; superseded_by: string[] }[] }>([
      "adr",
      "list",
    ]);
    expect(list.adrs.find((x) => x.path.endsWith("0002-use-mysql.md"))!.superseded_by).toEqual([
      "ADR-0003",
    ]);
  });

  it("leaves Markdown already in .decisions/ alone and says not_found for a missing folder", () => {
    const repo = makeRepo();
    repo.write(".decisions/0001-old.md", "# 1. Old\n\n## Status\n\nAccepted\n");
    const text = repo.read(".decisions/0001-old.md");
    expect(
      repo.adriftJson<{ imported: unknown[] }>(["adr", "import", ".decisions"]).imported,
    ).toHaveLength(1);
    expect(repo.read(".decisions/0001-old.md")).toBe(text);
    const logDir = path.join(repo.dir, ".decisions/log");
    const log = () =>
      readdirSync(logDir)
        .map((f) => readFileSync(path.join(logDir, f), "utf8"))
        .join("");
    const before = log();
    const missing = repo.adrift(["adr", "import", "no/such/dir", "--json"]);
    expect(log()).toBe(before);
    expect(missing.code).toBe(3);
    expect(JSON.parse(missing.stderr).error.code).toBe("not_found");
  });
});
