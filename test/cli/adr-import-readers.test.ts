import { describe, expect, it } from "vitest";
import { makeRepo, repoWithLongOutcome, testEnv } from "../support/repo.js";

describe.each(["cli", "embedded"])(
  "adr import as a newcomer runs it, %s git adapter",
  (adapter) => {
    const env = testEnv({ ADRIFT_GIT: adapter });

    it("says where it looked when it finds no ADR folder, and that a folder of folders holds no ADR files", () => {
      const repo = makeRepo();
      // joelparkerhenderson/architecture-decision-record keeps each example in a folder of its own.
      repo.commit("docs", {
        "locales/en/examples/go/index.md": "# Go\n",
        "locales/en/examples/rails/index.md": "# Rails\n",
      });
      repo.adrift(["init"], { env });
      const none = repo.adrift(["adr", "import"], { env });
      expect(none.code).toBe(0);
      expect(none.stdout).not.toContain("from no ADR folder found");
      expect(none.stdout).toContain("0 imported");
      expect(none.stderr).toContain(
        "note: no ADR folder found (looked in doc/adr, docs/decisions, docs/architecture/decisions, doc/architecture/decisions, docs/adr, adr, decisions, .decisions): name yours, adrift adr import <dir>",
      );
      const json = repo.adriftJson<{ dirs: string[]; notes: string[] }>(["adr", "import"], { env });
      expect(json.dirs).toEqual([]);
      expect(json.notes[0]).toMatch(/^no ADR folder found/);

      const nested = repo.adrift(["adr", "import", "locales/en/examples"], { env });
      expect(nested.code).toBe(0);
      expect(nested.stderr).toContain(
        "note: locales/en/examples holds no Markdown file; adr import reads the files of one folder, not of its 2 subfolder(s): name the folder the ADRs are in",
      );
    });

    it("reads a Status section written as a list: its history, newest last or by its dates, and the relations in it", () => {
      const repo = makeRepo();
      const dir = "doc/architecture/decisions";
      repo.commit("adrs", {
        [`${dir}/0001-record.md`]:
          "# 1. Record\n\nDate: 2020-01-01\n\n## Status\n\n* Proposed\n* Accepted\n",
        [`${dir}/0002-history.md`]:
          "# 2. History\n\n## Status\n\n- 2020-01-01: Proposed\n- 2020-02-01: Accepted\n- 2021-03-01: Superseded by [3. New](0003-new.md)\n",
        [`${dir}/0003-new.md`]:
          "# 3. New\n\n## Status\n\n- Accepted (2021-03-01)\n- Proposed (2021-02-01)\n",
      });
      repo.adrift(["init"], { env });
      const result = repo.adriftJson<{ warnings: { file: string }[] }>(["adr", "import", dir], {
        env,
      });
      expect(result.warnings).toEqual([]);
      type Row = { number: number; status: string; superseded_by: string[]; supersedes: string[] };
      const rows = repo.adriftJson<{ adrs: Row[] }>(["adr", "list"], { env }).adrs;
      const by = (n: number) => rows.find((r) => r.number === n)!;
      expect(by(1).status).toBe("accepted");
      expect(by(2).status).toBe("superseded by ADR-0003");
      expect(by(2).superseded_by).toEqual(["ADR-0003"]);
      expect(by(3).status).toBe("accepted");
      expect(by(3).supersedes).toEqual(["ADR-0002"]);
    });

    it("reads a two-column metadata table whose header names the fields (| Status | Date | over | Rejected | 2022-01-05 |)", () => {
      const repo = makeRepo();
      repo.commit("adrs", {
        "docs/adr/ADR-0005.md":
          "# Fifth\n\n| Status | Date |\n|---|---|\n| Rejected | 2022-01-05 |\n",
        "docs/adr/ADR-0006.md":
          "# Sixth\n\n| Field | Value |\n|---|---|\n| Status | Accepted |\n| Date | 2022-02-05 |\n",
      });
      repo.adrift(["init"], { env });
      const result = repo.adriftJson<{ warnings: unknown[] }>(["adr", "import"], { env });
      expect(result.warnings).toEqual([]);
      type Row = { number: number; status: string; date?: string };
      const rows = repo.adriftJson<{ adrs: Row[] }>(["adr", "list"], { env }).adrs;
      expect(rows.map((r) => [r.number, r.status, r.date])).toEqual([
        [5, "rejected", "2022-01-05"],
        [6, "accepted", "2022-02-05"],
      ]);
    });

    it("finds doc/architecture/decisions (adr init doc/architecture/decisions) without being told", () => {
      const repo = makeRepo();
      repo.commit("adrs", {
        "doc/architecture/decisions/0001-record-architecture-decisions.md":
          "# 1. Record architecture decisions\n\nDate: 2017-06-30\n\n## Status\n\nAccepted\n",
      });
      repo.adrift(["init"], { env });
      const result = repo.adrift(["adr", "import"], { env });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(
        "1 imported, 0 unchanged, 0 skipped, 0 warning(s) from doc/architecture/decisions",
      );
    });

    it("the decision log links a file whose name holds '#', '?' or '%' with them escaped, so the link reaches it", () => {
      const repo = makeRepo();
      const adr = (n: number, title: string) =>
        `# ${n}. ${title}\n\nDate: 2020-01-0${n}\n\n## Status\n\nAccepted\n`;
      repo.commit("adrs", {
        "docs/adr/0001-c#-interop.md": adr(1, "C# interop"),
        "docs/adr/0002-why?.md": adr(2, "Why"),
        "docs/adr/0003-100%-typed.md": adr(3, "Typed"),
      });
      repo.adrift(["init"], { env });
      expect(repo.adrift(["adr", "import"], { env }).code).toBe(0);
      const index = repo.read("docs/adr/README.md");
      expect(index).toContain("](0001-c%23-interop.md)");
      expect(index).toContain("](0002-why%3F.md)");
      expect(index).toContain("](0003-100%25-typed.md)");
    });

    it("leaves out a folder's table of contents: a summary.md (mkdocs ADR summary, GitBook SUMMARY.md), as README.md and index.md", () => {
      const repo = makeRepo();
      // febus982/bootstrap-python-fastapi keeps a summary page beside its MADR files
      repo.commit("docs", {
        "docs/adr/0001-record-architecture-decisions.md":
          "---\nstatus: accepted\ndate: 2024-02-03\n---\n# Use Markdown Any Decision Records V3\n",
        "docs/adr/summary.md":
          '# ADR Summary\n\n{{ adr_summary(adr_path="docs/adr", adr_style="MADR3") }}\n',
        "docs/adr/SUMMARY.md": "# Summary\n\n* [Use MADR](0001-record-architecture-decisions.md)\n",
        "docs/adr/index.md": "# Decisions\n",
      });
      repo.adrift(["init"], { env });
      const result = repo.adrift(["adr", "import"], { env });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain("1 imported, 0 unchanged");
      expect(result.stderr).not.toContain("summary.md");
      expect(repo.adrift(["adr", "list"], { env }).stdout).not.toContain("Summary");
    });
  },
);

describe("adr list as a reader reads it", () => {
  it("keeps each ADR on one line of a readable length, however long its title", () => {
    const repo = makeRepo();
    repo.commit("adrs", {
      "docs/adr/0001-long.md": `# 1. Long ${"title ".repeat(2_000)}end\n\n## Status\n\nAccepted\n`,
      "docs/adr/0002-unbroken.md": `# 2. ${"x".repeat(10_000)}\n\n## Status\n\nAccepted\n`,
      "docs/adr/0003-short.md": "# 3. Use Postgres\n\n## Status\n\nAccepted\n",
    });
    repo.adrift(["init"]);
    repo.adrift(["adr", "import"]);
    const listed = repo.adrift(["adr", "list"]);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line.length).toBeLessThan(160);
    expect(lines[0]).toMatch(/^ADR-0001 +accepted +Long title title .*…$/);
    expect(lines[2]).toMatch(/^ADR-0003 +accepted +Use Postgres$/);
    // --json keeps the whole title.
    const json = repo.adriftJson<{ adrs: { title: string }[] }>(["adr", "list"]);
    expect(json.adrs[1]!.title).toHaveLength(10_000);
  });

  it("adr draft names a draft titled by a 10 KB outcome on one line of readable length", () => {
    const { repo, id } = repoWithLongOutcome();
    const drafted = repo.adrift(["adr", "draft", "--record", id]);
    expect(drafted.code).toBe(0);
    const line = drafted.stdout.split("\n").find((l) => l.startsWith("created"))!;
    expect(line).toMatch(/Longxxx.*… {2}\(1 record\)$/);
    expect(line.length).toBeLessThan(300);
  });
});
