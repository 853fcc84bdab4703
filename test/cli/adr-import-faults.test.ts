import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo } from "../support/repo.js";

type Imported = {
  path: string;
  title: string;
  supersedes: string[];
  links: { type: string; target: string }[];
};
type ImportResult = {
  imported: Imported[];
  skipped: { path: string; reason: string }[];
  index?: string;
  notes: string[];
};

const madr = (title: string, body = "") =>
  `---\nstatus: accepted\ndate: 2024-01-02\n---\n\n# ${title}\n\n## Context and Problem Statement\n\n${body}We need a way.\n`;

describe("adr import and sync: faults seen on real ADR folders", () => {
  it("skips NNNN-adr-template.md, drops heading attributes, reads relation notes in the body", () => {
    const repo = makeRepo();
    repo.write("docs/decisions/NNNN-adr-template.md", madr("{short title of solved problem}"));
    repo.write("docs/decisions/template.md", madr("{title}"));
    repo.write("docs/decisions/0002-use-postgres.md", madr("Use PostgreSQL"));
    repo.write("docs/decisions/0015-cache-in-redis.md", madr("Cache in Redis"));
    repo.write("docs/decisions/0034-use-kafka.md", madr("Use Kafka {#adr_0034}"));
    repo.write(
      "docs/decisions/0035-read-replicas.md",
      madr("Read replicas", "> Amended by [ADR 2](0002-use-postgres.md)\n\n"),
    );
    repo.write(
      "docs/decisions/0036-cache-in-memory.md",
      `${madr("Cache in memory")}\n## Decision Outcome\n\nNote: this ADR supersedes some aspects of ADR-15.\n`,
    );
    const result = repo.adriftJson<ImportResult>(["adr", "import"]);
    const byName = (name: string) => result.imported.find((r) => r.path.endsWith(name));
    expect(result.imported.map((r) => path.basename(r.path)).sort()).toEqual([
      "0002-use-postgres.md",
      "0015-cache-in-redis.md",
      "0034-use-kafka.md",
      "0035-read-replicas.md",
      "0036-cache-in-memory.md",
    ]);
    expect(result.skipped.map((s) => path.basename(s.path)).sort()).toEqual([
      "NNNN-adr-template.md",
      "template.md",
    ]);
    expect(byName("0034-use-kafka.md")!.title).toBe("Use Kafka");
    expect(byName("0035-read-replicas.md")!.links).toContainEqual({
      type: "amended-by",
      target: "ADR-0002",
    });
    // Filled in at the other end too.
    expect(byName("0002-use-postgres.md")!.links).toContainEqual({
      type: "amends",
      target: "ADR-0035",
    });
    expect(byName("0036-cache-in-memory.md")!.links).toContainEqual({
      type: "supersedes-in-part",
      target: "ADR-0015",
    });
  });

  it("importing src/adr writes no docs/adr/README.md, and says why", () => {
    const repo = makeRepo();
    repo.write("src/adr/0001-use-rust.md", madr("Use Rust"));
    const result = repo.adriftJson<ImportResult>(["adr", "import", "src/adr"]);
    expect(result.imported).toHaveLength(1);
    expect(result.index).toBeUndefined();
    expect(existsSync(path.join(repo.dir, "docs/adr"))).toBe(false);
    expect(result.notes.join("\n")).toContain("docs/adr/README.md was not written");
    // With ADRs in docs/adr, the index is kept there as before.
    repo.write("docs/adr/0001-use-go.md", madr("Use Go"));
    const again = repo.adriftJson<ImportResult>(["adr", "import", "docs/adr"]);
    expect(again.index).toBe("docs/adr/README.md");
  });

  it("adr sync reports a draft with broken front matter, finalises the others, and exits 2", () => {
    const repo = makeRepo();
    const ids = ["One way", "Two ways"].map((outcome) => {
      const { id } = repo.adriftJson<{ id: string }>([
        ...["decision", "record", "--outcome", outcome, "--chosen", outcome, "--trivial"],
      ]);
      return id;
    });
    const { drafts } = repo.adriftJson<{ drafts: { path: string }[] }>([
      ...["adr", "draft", ...ids.flatMap((id) => ["--record", id])],
    ]);
    const [first, second] = drafts.map((d) => d.path).sort();
    // The first in file order is broken; the second a reviewer accepted.
    repo.write(first!, repo.read(first!).replace(/^title: .*$/m, "title: [unclosed"));
    repo.write(second!, repo.read(second!).replace("status: proposed", "status: accepted"));
    const run = repo.adrift(["adr", "sync", "--json"]);
    expect(run.code).toBe(2);
    const result = JSON.parse(run.stdout) as {
      accepted: { path: string }[];
      failed: { path: string; code: string }[];
    };
    expect(result.failed).toEqual([
      expect.objectContaining({ path: first, code: "validation_failed" }),
    ]);
    expect(result.accepted).toHaveLength(1);
    expect(existsSync(path.join(repo.dir, second!))).toBe(false);
    expect(
      readdirSync(path.join(repo.dir, "docs/adr")).filter((f) => /^0001-/.test(f)),
    ).toHaveLength(1);
  });
});
