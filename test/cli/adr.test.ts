import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Root } from "mdast";
import { toString as textOf } from "mdast-util-to-string";
import { visit } from "unist-util-visit";
import { describe, expect, it } from "vitest";
import { readFrontMatter } from "../../src/app/adr/front-matter.js";
import { parseMarkdown } from "../../src/app/adr/markdown.js";
import { openRepository } from "../../src/app/repository.js";
import { readAdrFile } from "../../src/core/adr/read-adr.js";
import { makeRepo, type TestRepo, testEnv } from "../support/repo.js";

type Draft = {
  cluster: string;
  path: string;
  id: string;
  title: string;
  result: string;
  record_ids: string[];
  regenerated_path?: string;
};
type Accepted = { id: string; number: number; path: string; record_ids: string[] };

const logLines = (repo: TestRepo) => {
  const dir = path.join(repo.dir, ".decisions/log");
  return existsSync(dir)
    ? readdirSync(dir)
        .map((f) => readFileSync(path.join(dir, f), "utf8"))
        .join("")
    : "";
};

/** The records each test repository holds, for `draft` to ask for each (a record alone waits otherwise). */
const recorded = new WeakMap<TestRepo, string[]>();

/** Records a complete intent card in-process (set-up only; the commands under test are spawned). */
async function record(repo: TestRepo, outcome: string, flags: string[] = []): Promise<string> {
  const api = await openRepository(repo.dir, { env: testEnv() });
  const values = (flag: string) => flags.flatMap((f, i) => (flags[i - 1] === flag ? [f] : []));
  const considered = values("--considered").map((c) => {
    const [approach, rejected_because] = c.split(" :: ");
    return { approach: approach!, rejected_because: rejected_because ?? "" };
  });
  const result = await api.recordIntent({
    outcome,
    trigger: `why ${outcome}`,
    chosen_approach: `do ${outcome}`,
    selection_rationale: "cheapest",
    considered: [{ approach: "nothing", rejected_because: "too risky" }, ...considered],
    tags: values("--tag"),
    touched_paths: values("--path"),
  });
  recorded.set(repo, [...(recorded.get(repo) ?? []), result.id]);
  return result.id;
}

async function parse(
  repo: TestRepo,
  file: string,
): Promise<{ tree: Root; adr: ReturnType<typeof readAdrFile> }> {
  const text = repo.read(file);
  const front = readFrontMatter(text, file);
  const tree = await parseMarkdown(text);
  return { tree, adr: readAdrFile({ file, front: front.data, frontRaw: front.raw, tree }) };
}

/** `adr draft`, asking for every record: these tests are about one record's draft. */
function draft(repo: TestRepo, args: string[] = []): Draft[] {
  const asked = (recorded.get(repo) ?? []).flatMap((id) => ["--record", id]);
  return repo.adriftJson<{ drafts: Draft[] }>(["adr", "draft", ...asked, ...args]).drafts;
}

describe("adr draft, accept, sync", () => {
  it("drafts parse back to the same data, and so does the accepted ADR", async () => {
    const repo = makeRepo();
    const a = await record(repo, "Sessions survive IdP outages", [
      "--tag",
      "auth",
      "--path",
      "README.md",
    ]);
    const b = await record(repo, "Tokens are rotated daily", ["--tag", "auth"]);
    const [d] = repo.adriftJson<{ drafts: Draft[] }>(["adr", "draft"]).drafts;
    // Two records of a tag over one code area: titled by both outcomes, not by the first one's.
    expect(d).toMatchObject({
      result: "created",
      record_ids: [a, b],
      title: "Sessions survive IdP outages; Tokens are rotated daily",
    });
    const { adr, tree } = await parse(repo, d!.path);
    expect(adr).toMatchObject({
      id: d!.id,
      title: d!.title,
      status: "proposed",
      decision_makers: ["Ana Souza"],
      tags: ["auth"],
      records: [a, b],
      paths: ["README.md"],
      warnings: [],
    });
    const items: string[] = [];
    visit(tree, "listItem", (node) => {
      items.push(JSON.stringify(node));
    });
    expect(items.join()).not.toMatch(/Nothing recorded|no trigger|no rationale/i);
    const pending = repo.adriftJson<{ drafts: { path: string; status: string }[] }>([
      "adr",
      "list",
    ]);
    expect(pending.drafts).toEqual([
      expect.objectContaining({ path: d!.path, status: "proposed" }),
    ]);
    const accepted = repo.adriftJson<Accepted>(["adr", "accept", d!.id.slice(0, 10)]);
    expect(accepted).toMatchObject({
      number: 1,
      path: "docs/adr/0001-sessions-survive-idp-outages-tokens-are-rotated-daily.md",
      record_ids: [a, b],
    });
    expect(existsSync(path.join(repo.dir, d!.path))).toBe(false);
    const back = await parse(repo, accepted.path);
    expect(back.adr).toMatchObject({
      id: d!.id,
      number: 1,
      title: d!.title,
      status: "accepted",
      records: [a, b],
      warnings: [],
    });
    const list = repo.adriftJson<{
      adrs: { number: number; status: string; record_ids: string[] }[];
    }>(["adr", "list"]);
    expect(list.adrs).toEqual([
      expect.objectContaining({ number: 1, status: "accepted", record_ids: [a, b] }),
    ]);
    expect(draft(repo)).toEqual([]);
  });

  it("updates a draft whose records changed and never overwrites one a person edited", async () => {
    const repo = makeRepo();
    const id = await record(repo, "Cache sessions", ["--tag", "auth"]);
    const [first] = draft(repo);
    expect(draft(repo)[0]!.result).toBe("unchanged");
    repo.adrift(["intent", "amend", id, "--constraints", "no new infrastructure"]);
    expect(draft(repo)[0]!.result).toBe("updated");
    const edited = repo
      .read(first!.path)
      .replace("## Considered Options", "## Considered Options\n\nA reviewer's note.");
    repo.write(first!.path, edited);
    repo.adrift(["intent", "amend", id, "--validation", "load test"]);
    const [again] = draft(repo);
    expect(again).toMatchObject({
      result: "edited",
      regenerated_path: first!.path.replace(/\.md$/, ".regenerated.md"),
    });
    expect(repo.read(first!.path)).toBe(edited);
    expect(repo.read(again!.regenerated_path!)).toContain("Load test.");
  });

  it("a draft follows its records to their new cluster; one no cluster continues is named and left in place", async () => {
    const repo = makeRepo();
    const id = await record(repo, "Retry payments", [
      "--tag",
      "payments",
      "--path",
      "src/pay/a.ts",
    ]);
    const id2 = await record(repo, "Retry at most 3 times", [
      "--tag",
      "payments",
      "--path",
      "src/pay/a.ts",
    ]);
    const other = await record(repo, "Refund in full", ["--tag", "refunds"]);
    await record(repo, "Refund by card", ["--tag", "refunds"]);
    const [before, refunds] = repo.adriftJson<{ drafts: Draft[] }>(["adr", "draft"]).drafts;
    const api = await openRepository(repo.dir, { env: testEnv() });
    await api.amendRecord(id, { tags: ["billing"] });
    await api.amendRecord(id2, { tags: ["billing"] });
    const moved = repo.adriftJson<{ drafts: Draft[]; orphaned: string[] }>(["adr", "draft"]);
    // The same draft (and the id its ADR will keep), now for the cluster the records moved to.
    expect(moved.drafts.find((d) => d.record_ids[0] === id)).toMatchObject({
      cluster: "tag:billing",
      result: "updated",
      path: before!.path,
      id: before!.id,
    });
    expect(moved.orphaned).toEqual([]);
    // One refund record left: it waits, and the refunds draft no cluster continues is named.
    await api.supersedeDecision(other, id);
    const gone = repo.adriftJson<{ drafts: Draft[]; orphaned: string[] }>(["adr", "draft"]);
    expect(gone.orphaned).toEqual([refunds!.path]);
    expect(existsSync(path.join(repo.dir, refunds!.path))).toBe(true);
  });

  it("adr sync accepts a draft a reviewer set to accepted, keeping comments and quoting", async () => {
    const repo = makeRepo();
    await record(repo, "Use one database", ["--tag", "db"]);
    const [d] = draft(repo);
    const text = repo
      .read(d!.path)
      .replace("status: proposed", "# approved in review by Bo\nstatus: 'accepted' # see PR 12")
      .replace(/^title: .*$/m, 'title: "Use one database"');
    repo.write(d!.path, text);
    const result = repo.adriftJson<{ accepted: Accepted[]; pending: string[] }>(["adr", "sync"]);
    expect(result.accepted).toHaveLength(1);
    const out = repo.read(result.accepted[0]!.path);
    expect(out).toContain("# approved in review by Bo\nstatus: 'accepted' # see PR 12");
    expect(out).toContain('title: "Use one database"');
    expect(out).not.toContain("adrift-hash");
    expect((await parse(repo, result.accepted[0]!.path)).adr).toMatchObject({
      status: "accepted",
      title: "Use one database",
    });
  });

  it("adr reject records the reason, removes the draft, and the records are not drafted again", async () => {
    const repo = makeRepo();
    await record(repo, "Drop IE11", ["--tag", "web"]);
    const [d] = draft(repo);
    const noReason = repo.adrift(["adr", "reject", d!.path, "--reason", " ", "--json"]);
    expect(noReason.code).toBe(2);
    expect(JSON.parse(noReason.stderr).error.code).toBe("usage");
    expect(existsSync(path.join(repo.dir, d!.path))).toBe(true);
    expect(logLines(repo)).not.toContain('"adr_rejected"');
    expect(repo.adrift(["adr", "reject", d!.path, "--reason", "not ours to decide"]).code).toBe(0);
    expect(existsSync(path.join(repo.dir, d!.path))).toBe(false);
    expect(logLines(repo)).toContain('"adr_rejected"');
    expect(draft(repo)).toEqual([]);
  });

  it("refuses a taken --number (exit 4) and an unknown draft (exit 3), writing nothing", async () => {
    const repo = makeRepo();
    await record(repo, "First", ["--tag", "one"]);
    await record(repo, "Second", ["--tag", "two"]);
    const [one, two] = draft(repo);
    repo.adriftJson(["adr", "accept", one!.path, "--number", "7"]);
    const before = logLines(repo);
    const taken = repo.adrift(["adr", "accept", two!.path, "--number", "7", "--json"]);
    expect(taken.code).toBe(4);
    expect(JSON.parse(taken.stderr).error.code).toBe("conflict");
    const missing = repo.adrift(["adr", "accept", "docs/adr/drafts/nope.md", "--json"]);
    expect(missing.code).toBe(3);
    expect(logLines(repo)).toBe(before);
    expect(readdirSync(path.join(repo.dir, "docs/adr")).filter((f) => /^\d{4}-/.test(f))).toEqual([
      "0007-first.md",
    ]);
    expect(existsSync(path.join(repo.dir, two!.path))).toBe(true);
    expect(repo.adriftJson<Accepted>(["adr", "accept", two!.path]).number).toBe(8);
  });

  it("supersedes with typed relations and the MADR status string, and the index keeps hand-written text", async () => {
    const repo = makeRepo();
    repo.write(
      "docs/adr/README.md",
      "# Our decisions\n\nWritten by hand.\n\n<!-- adrift:adr-index:start -->\n<!-- adrift:adr-index:end -->\n\nFooter by hand.\n",
    );
    await record(repo, "Use MySQL", ["--tag", "db"]);
    // A draft path is taken relative to where the command runs (-C here).
    const relative = path.relative("docs/adr", draft(repo)[0]!.path);
    const old = repo.adriftJson<Accepted>(["adr", "accept", relative, "-C", "docs/adr"]);
    await record(repo, "Use PostgreSQL", ["--tag", "db2"]);
    const next = repo.adriftJson<Accepted>([
      "adr",
      "accept",
      draft(repo)[0]!.path,
      "--supersedes",
      "ADR-0001",
    ]);
    expect(repo.read(old.path)).toMatch(/^status: superseded by ADR-0002$/m);
    expect(repo.read(old.path)).toMatch(/^superseded-by:\n\s+- ADR-0002$/m);
    expect(repo.read(next.path)).toMatch(/^supersedes:\n\s+- ADR-0001$/m);
    const index = repo.read("docs/adr/README.md");
    expect(index).toMatch(/^# Our decisions\n\nWritten by hand\.\n/);
    expect(index).toMatch(/Footer by hand\.\n$/);
    expect(index).toContain("superseded by ADR-0002");
    expect(index).toContain("[Use PostgreSQL](0002-use-postgresql.md)");
  });

  it("uses a project's own template from templates_dir", async () => {
    const repo = makeRepo();
    repo.write(
      ".decisions/templates/adr-draft.md",
      "{{title}}\n\n## Why (house style)\n\n{{context}}\n",
    );
    await record(repo, "House style", ["--tag", "style"]);
    const text = repo.read(draft(repo)[0]!.path);
    expect(text).toContain("## Why (house style)");
    expect(text).not.toContain("## Considered Options");
  });
});

describe("markdown and HTML injection", () => {
  it("comes out inert in drafts and in the index", async () => {
    const repo = makeRepo();
    const evil =
      "# heading <script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>";
    await record(repo, evil, ["--tag", "evil", "--considered", `${evil} :: ${evil}`]);
    const [d] = draft(repo);
    const accepted = repo.adriftJson<Accepted>(["adr", "accept", d!.path]);
    for (const file of [accepted.path, "docs/adr/README.md"]) {
      const { tree } = await parse(repo, file);
      const bad: string[] = [];
      const headings: string[] = [];
      visit(tree, (node) => {
        if (
          node.type === "html" &&
          !/^<!-- adrift:adr-index:(start|end) -->$/.test((node as { value: string }).value)
        )
          bad.push(`html: ${JSON.stringify(node)}`);
        if (node.type === "link" && !/^[\w.-]+\.md$/.test((node as { url: string }).url))
          bad.push(`link: ${JSON.stringify(node)}`);
        if (node.type === "heading") headings.push(textOf(node));
      });
      // title, context, options, outcome, consequences, pros and cons with one heading per
      // option (three), provenance: sections with nothing in them are left out
      expect(headings.length, file).toBe(file.includes("README") ? 1 : 10);
      expect(bad, file).toEqual([]);
      const body = readFrontMatter(repo.read(file), file).body;
      expect(body).not.toMatch(/(^|[^\\])<(script|img)/);
    }
    const { adr } = await parse(repo, accepted.path);
    expect(adr.title).toBe(evil);
  });
});
