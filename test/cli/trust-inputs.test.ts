// Inputs adrift cannot use are refused with an error that says why, in one readable line; what it
// writes from user text never carries raw terminal escapes.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, type TestRepo } from "../support/repo.js";

const failure = (repo: TestRepo, args: string[]) => {
  const result = repo.adrift([...args, "--json"]);
  const lines = result.stderr.trim().split("\n");
  return { code: result.code, lines, error: JSON.parse(lines.at(-1)!).error };
};

describe("--file", () => {
  it.each([
    ["a misspelt card field", { card: { outcom: "x", trigger: "t" }, trivial: true }, "outcom"],
    [
      "a misspelt field in considered[]",
      {
        card: { outcome: "x", trigger: "t" },
        considered: [{ approach: "Redis", rejected_becuase: "another service" }],
      },
      "rejected_becuase",
    ],
    [
      "a misspelt field in basis",
      { card: { outcome: "x" }, basis: { revison: "HEAD" } },
      "revison",
    ],
  ])("refuses %s, naming it; nothing is written", (_, input, key) => {
    const repo = makeRepo();
    repo.write("card.json", JSON.stringify(input));
    const { code, error } = failure(repo, ["decision", "record", "--file", "card.json"]);
    expect(code).toBe(2);
    expect(error.code).toBe("validation_failed");
    expect(error.message).toContain(key);
    expect(readdirSync(repo.dir)).not.toContain(".decisions");
  });

  it("records basis.revision from the file; a revision that names no commit is refused", () => {
    const repo = makeRepo();
    const first = repo.git("rev-parse", "HEAD").trim();
    repo.commit("second", { "a.txt": "a\n" });
    repo.write("card.json", JSON.stringify({ card: { outcome: "x" }, basis: { revision: first } }));
    const recorded = repo.adriftJson<{ id: string }>([
      ...["decision", "record", "--file", "card.json"],
    ]);
    const shown = repo.adriftJson<{ record: { basis: { revision: string } } }>([
      ...["show", recorded.id],
    ]);
    expect(shown.record.basis.revision).toBe(first);
    repo.write(
      "bad.json",
      JSON.stringify({ card: { outcome: "x" }, basis: { revision: "deadbeef" } }),
    );
    const { code, error } = failure(repo, ["decision", "record", "--file", "bad.json"]);
    expect(code).toBe(2);
    expect(error.message).toContain("deadbeef");
  });
});

describe("raw terminal escapes", () => {
  it("never reach an ADR draft: ESC and BEL are written escaped", () => {
    const repo = makeRepo();
    const { id } = repo.adriftJson<{ id: string }>([
      ...["intent", "record", "--outcome", "evil\u001b]0;pwned\u0007\u001b[2J title"],
      ...["--trigger", "t\u001b[31m", "--chosen", "c", "--trivial", "--tag", "t"],
    ]);
    const [draft] = repo.adriftJson<{ drafts: { path: string }[] }>([
      ...["adr", "draft", "--record", id],
    ]).drafts;
    const text = readFileSync(path.join(repo.dir, draft!.path), "utf8");
    expect(text.includes("\u001b") || text.includes("\u0007")).toBe(false);
    expect(text).toContain("# evil\\033]0;pwned\\a\\033\\[2J title");
  });
});

describe("clear errors", () => {
  it("pathspec magic in --path is refused as such, not as git's failure", () => {
    const repo = makeRepo();
    const { code, error } = failure(repo, [
      "decision",
      "record",
      "--outcome",
      "x",
      "--path",
      ":!a.txt",
    ]);
    expect(code).toBe(2);
    expect(error.code).toBe("validation_failed");
    expect(error.message).toContain("pathspec magic");
  });

  it("-C <file> says it is not a directory", () => {
    const repo = makeRepo();
    repo.write("a.txt", "a\n");
    const { code, error } = failure(repo, ["-C", "a.txt", "list"]);
    expect(code).toBe(2);
    expect(error.code).toBe("not_a_git_repo");
    expect(error.message).toContain("a.txt is not a directory");
  });

  it.each([[["adr", "accept"]], [["validate", "--against"]], [["intent", "record", "--file"]]])(
    "a 5,300-character argument of %j gives a short error line",
    (args) => {
      const repo = makeRepo();
      const long = "p".repeat(5_300);
      const result = repo.adrift([...args, long]);
      expect(result.code).not.toBe(0);
      const line = result.stderr.trim().split("\n").at(-1)!;
      expect(line).toMatch(/^error /);
      expect(line.length).toBeLessThan(600);
      expect(line).toMatch(/…\(5,\d{3} characters\)…/);
    },
  );

  it("an ADR whose status is too long is skipped by name; the others are imported", () => {
    const repo = makeRepo();
    repo.write("docs/adr/0001-one.md", `---\nstatus: ${"weird".repeat(600)}\n---\n# One\n\ntext\n`);
    repo.write("docs/adr/0002-two.md", "---\nstatus: accepted\n---\n# Two\n\ntext\n");
    const result = repo.adriftJson<{
      imported: { path: string }[];
      skipped: { path: string; reason: string }[];
    }>(["adr", "import"]);
    expect(result.imported.map((a) => a.path)).toEqual(["docs/adr/0002-two.md"]);
    expect(result.skipped).toContainEqual({
      path: "docs/adr/0001-one.md",
      reason: expect.stringContaining("3,000 characters"),
    });
  });
});
