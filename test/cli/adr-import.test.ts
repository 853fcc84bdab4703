import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { makeRepo, type TestRepo } from "../support/repo.js";

const FIXTURES = fileURLToPath(new URL("../fixtures/adr/", import.meta.url));

type Imported = {
  path: string;
  number?: number;
  status: string;
  title: string;
  supersedes: string[];
  superseded_by: string[];
  links: { type: string; target: string }[];
};
type ImportResult = {
  imported: Imported[];
  unchanged: number;
  skipped: { path: string; reason: string }[];
  warnings: { file: string; line: number; message: string }[];
  index?: string;
  notes: string[];
};

function withFixture(name: string, into = `docs/${name}`): TestRepo {
  const repo = makeRepo();
  cpSync(path.join(FIXTURES, name), path.join(repo.dir, into), { recursive: true });
  return repo;
}

const snapshot = (dir: string) =>
  Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(path.join(dir, f), "utf8")]));

const byFile = (rows: Imported[], base: string) => rows.find((r) => r.path.endsWith(`/${base}`))!;

describe("adr import reads what the files say", () => {
  it("fills in both directions of every relation, from status lines, keys and statements", () => {
    const repo = withFixture("front-matter-links");
    const body = repo.adriftJson<ImportResult>(["adr", "import", "docs/front-matter-links"]);
    const rows = body.imported;
    // 0009 says "Supersedes 0003, 0005"; 0003 and 0005 say "superseded by 0009": one relation, both ends.
    expect(byFile(rows, "0009-sessions-in-the-database.md").supersedes).toEqual([
      "ADR-0003",
      "ADR-0005",
    ]);
    expect(byFile(rows, "0003-singleton-session-store.md")).toMatchObject({
      status: "superseded by ADR-0009",
      superseded_by: ["ADR-0009"],
    });
    // Only 0021's status line names 0025 and 0028; they get the other end.
    expect(byFile(rows, "0021-live-updates-over-sse.md")).toMatchObject({
      status: "accepted",
      links: expect.arrayContaining([
        { type: "amended-in-part-by", target: "ADR-0025" },
        { type: "amended-in-part-by", target: "ADR-0028" },
      ]),
    });
    expect(byFile(rows, "0028-typed-effects.md").links).toEqual([
      { type: "amends-in-part", target: "ADR-0021" },
    ]);
    // 0025 says "superseded-in-part by 0030" in its status line (and "Amends 0021" only deep in
    // its Decision section, which is not read as a relation); 0030 says "supersedes-section-of: 0025".
    expect(byFile(rows, "0025-split-fan-out.md")).toMatchObject({
      status: "proposed",
      links: [
        { type: "superseded-in-part-by", target: "ADR-0030" },
        { type: "amends-in-part", target: "ADR-0021" },
      ],
    });
    expect(byFile(rows, "0030-one-worker-again.md").links).toEqual([
      { type: "supersedes-in-part", target: "ADR-0025" },
    ]);
    expect(byFile(rows, "0021-live-updates-over-sse.md").links).not.toContainEqual({
      type: "amended-by",
      target: "ADR-0025",
    });
  });

  it("reads front matter YAML rejects line by line, with one warning at the line YAML stopped", () => {
    const repo = withFixture("front-matter-links");
    const body = repo.adriftJson<ImportResult>(["adr", "import", "docs/front-matter-links"]);
    expect(byFile(body.imported, "0031-plugin-marketplace.md")).toMatchObject({
      status: "accepted",
      title: "A plugin marketplace: each plugin in its own folder, one manifest at the root",
      number: 31,
    });
    const warnings = body.warnings.filter((w) => w.file.endsWith("0031-plugin-marketplace.md"));
    expect(warnings).toEqual([
      expect.objectContaining({ line: 3, message: expect.stringContaining("not valid YAML") }),
    ]);
    // The heading wins over a `title:` YAML cut at " #235" or one left behind.
    expect(byFile(body.imported, "0028-typed-effects.md").title).toBe(
      "Workers expose their storage as typed effects (spike #235 confirmed)",
    );
    expect(byFile(body.imported, "0032-heading-wins.md").title).toBe(
      "Guard the merge queue against stale checks (#336)",
    );
    const dateWarning = body.warnings.find((w) => w.file.endsWith("0033-placeholder-date.md"));
    expect(dateWarning?.message).toContain("{YYYY-MM-DD when the decision was last updated}");
    expect(body.warnings.map((w) => w.message).join("\n")).not.toContain("[object Object]");
  });

  it("skips template files with a note, and reads overridden, complemented and amended links", () => {
    const repo = withFixture("nygard-links", "doc/adr");
    const result = repo.adrift(["adr", "import"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("doc/adr/0000-adr-template.md: skipped: a template");
    expect(result.stderr).toContain("doc/adr/template.md: skipped: a template");
    const body = repo.adriftJson<ImportResult>(["adr", "import"]);
    expect(body.unchanged).toBe(6);
    const list = repo.adriftJson<{ adrs: Imported[] }>(["adr", "list"]).adrs;
    expect(byFile(list, "0003-deploy-with-scripts.md").links).toEqual([
      { type: "overridden-by", target: "ADR-0005" },
    ]);
    expect(byFile(list, "0005-deploy-with-a-pipeline.md").links).toEqual(
      expect.arrayContaining([
        { type: "amends", target: "ADR-0002" },
        { type: "overrides", target: "ADR-0003" },
      ]),
    );
    expect(byFile(list, "0004-keep-a-decision-log-index.md").links).toEqual(
      expect.arrayContaining([
        { type: "relates-to", target: "ADR-0001" },
        { type: "complements", target: "ADR-0001" },
      ]),
    );
    expect(list.map((a) => a.path)).not.toContain("doc/adr/template.md");
  });

  it("never touches an index a person wrote, creates one that is missing, and keeps a marked one", () => {
    const repo = withFixture("nygard-links", "docs/adr");
    const mine = "# Our decisions\n\nWritten by hand.\n";
    repo.write("docs/adr/README.md", mine);
    const body = repo.adriftJson<ImportResult>(["adr", "import", "docs/adr"]);
    expect(repo.read("docs/adr/README.md")).toBe(mine);
    expect(body.index).toBeUndefined();
    expect(body.notes.join("\n")).toContain("<!-- adrift:adr-index:start -->");
    const human = repo.adrift(["adr", "import", "docs/adr"]);
    expect(human.stderr).toContain("note: docs/adr/README.md has no adrift markers");
    // Opting in: the markers, where the table should go.
    repo.write(
      "docs/adr/README.md",
      `${mine}\n<!-- adrift:adr-index:start -->\n<!-- adrift:adr-index:end -->\n\nFooter.\n`,
    );
    repo.adriftJson(["adr", "import", "docs/adr"]);
    const marked = repo.read("docs/adr/README.md");
    expect(marked.startsWith(mine)).toBe(true);
    expect(marked).toContain("[Deploy with a pipeline](0005-deploy-with-a-pipeline.md)");
    expect(marked).toContain("overridden by ADR-0005");
    expect(marked.endsWith("Footer.\n")).toBe(true);
    rmSync(path.join(repo.dir, "docs/adr/README.md"));
    repo.adriftJson(["adr", "import", "docs/adr"]);
    expect(repo.read("docs/adr/README.md")).toContain("<!-- adrift:adr-index:start -->");
  });

  it("a re-import with nothing changed changes nothing, reads from the cache, and leaves every file byte-identical", () => {
    const repo = withFixture("front-matter-links");
    const dir = path.join(repo.dir, "docs/front-matter-links");
    const before = snapshot(dir);
    const first = repo.adriftJson<ImportResult>(["adr", "import", "docs/front-matter-links"]);
    expect(first.imported).toHaveLength(12);
    expect(first.skipped.map((s) => s.path)).toEqual([
      "docs/front-matter-links/adr-short-template.md",
    ]);
    const logDir = path.join(repo.dir, ".decisions/log");
    const log = () =>
      readdirSync(logDir)
        .map((f) => readFileSync(path.join(logDir, f), "utf8"))
        .join("");
    const logAfterFirst = log();
    const cache = path.join(repo.dir, ".git/adrift/adr-files.json");
    expect(existsSync(cache)).toBe(true);
    const second = repo.adriftJson<ImportResult>(["adr", "import", "docs/front-matter-links"]);
    expect(second).toMatchObject({ imported: [], unchanged: 12 });
    expect(second.warnings).toEqual(first.warnings);
    expect(log()).toBe(logAfterFirst);
    expect(snapshot(dir)).toEqual(before);
    // A file whose bytes changed is read again (and only its change is recorded)…
    writeFileSync(
      path.join(dir, "0028-typed-effects.md"),
      before["0028-typed-effects.md"]!.replace("status: accepted", "status: deprecated"),
    );
    const third = repo.adriftJson<ImportResult>(["adr", "import", "docs/front-matter-links"]);
    expect(third.imported.map((r) => [r.path, r.status])).toEqual([
      ["docs/front-matter-links/0028-typed-effects.md", "deprecated"],
    ]);
    // …and a damaged cache only costs a parse.
    writeFileSync(cache, "{not json");
    expect(
      repo.adriftJson<ImportResult>(["adr", "import", "docs/front-matter-links"]),
    ).toMatchObject({
      imported: [],
      unchanged: 12,
    });
  });

  it("warns about a heading number that differs without a dot, and keeps `3 ways` whole", () => {
    const repo = withFixture("numbering");
    const body = repo.adriftJson<ImportResult>(["adr", "import", "docs/numbering"]);
    expect(body.warnings).toContainEqual(
      expect.objectContaining({
        file: "docs/numbering/030-root-user-security.md",
        line: 1,
        message: "the file name says ADR 30 but the title says 29; kept 30",
      }),
    );
    expect(byFile(body.imported, "030-root-user-security.md").title).toBe("Root user security");
    expect(byFile(body.imported, "0012-three-ways-to-cache.md").title).toBe(
      "3 ways to cache are one too many",
    );
    expect(byFile(body.imported, "ADR-10.md")).toMatchObject({ number: 10, status: "implemented" });
  });
});
