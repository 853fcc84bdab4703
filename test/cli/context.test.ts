import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, type TestRepo } from "../support/repo.js";

const COMPLETE = ["--trigger", "t", "--chosen", "c", "--rationale", "r", "--considered", "x :: y"];

function decide(repo: TestRepo, outcome: string, ...paths: string[]): string {
  const args = ["decision", "record", "--outcome", outcome, ...COMPLETE];
  for (const p of paths) args.push("--path", p);
  return repo.adriftJson<{ id: string }>(args).id;
}

describe("adrift context", () => {
  it("--base names a bracketed route file as its path, not with its stored escapes", () => {
    const repo = makeRepo();
    repo.commit("code", { "app/[id]/page.tsx": "a\n" });
    decide(repo, "Pages render on the server", "app/[id]/page.tsx");
    repo.commit("record");
    repo.git("checkout", "-q", "-b", "feature");
    repo.commit("edit", { "app/[id]/page.tsx": "a2\n" });
    const human = repo.adrift(["context", "--base", "main"]);
    expect(human.stdout).toContain("Pages render on the server [app/[id]/page.tsx: 1 file]");
    expect(human.stdout).not.toContain("\\[");
  });

  it("--max-tokens 40 stays within 160 characters and starts with the outcome", () => {
    const repo = makeRepo();
    repo.adrift(["workline", "open", "Login resilience"]);
    const outcome = `Users stay logged in when the identity provider is down ${"for a long time ".repeat(20)}`;
    repo.adrift(["intent", "record", "--outcome", outcome, ...COMPLETE]);
    const result = repo.adrift(["context", "--max-tokens", "40"]);
    expect(result.code).toBe(0);
    const line = result.stdout.replace(/\n$/, "");
    expect([...line].length).toBeLessThanOrEqual(160);
    expect(line.startsWith("Users stay logged in when the identity provider")).toBe(true);
    const json = repo.adriftJson<{ text: string; open_worklines: number }>(["context"]);
    expect(json.open_worklines).toBe(1);
    expect([...json.text].length).toBeLessThanOrEqual(320);
  });

  it("headlines only an active card of the workline; a stale one gets its own stale part", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "a\n", "src/b.ts": "b\n" });
    repo.adrift(["workline", "open", "Login resilience"]);
    const active = decide(repo, "Sessions survive an IdP outage", "src/a.ts");
    const stale = decide(repo, "Tokens live 24 hours", "src/b.ts");
    repo.commit("change b", { "src/b.ts": "b2\n" });
    repo.adriftJson(["stale", "--record"]);
    const json = repo.adriftJson<{ text: string; card_id: string; stale: { id: string }[] }>([
      "context",
    ]);
    expect(json.card_id).toBe(active);
    expect(json.text.startsWith("Sessions survive an IdP outage")).toBe(true);
    expect(json.stale.map((s) => s.id)).toEqual([stale]);
    expect(json.text).toMatch(/stale \S+: Tokens live 24 hours/);
  });

  it("--base lists exactly the governing decisions, most specific first, within the budget", () => {
    const repo = makeRepo();
    repo.commit("code", {
      "src/auth/login.ts": "a\n",
      "src/auth/token.ts": "b\n",
      "src/api/users.ts": "c\n",
      "lib/x.ts": "d\n",
    });
    const broad = decide(repo, "Auth lives in src/auth", "src/auth/");
    const file = decide(repo, "Login checks the cache first", "src/auth/login.ts");
    const glob = decide(repo, "All TypeScript is strict", "src/**/*.ts");
    decide(repo, "Libraries untouched", "lib/");
    const gone = decide(repo, "Superseded one", "src/auth/login.ts");
    repo.adrift(["decision", "supersede", gone, "--by", file]);
    repo.git("checkout", "-q", "-b", "feature");
    repo.commit("change login and api", {
      "src/auth/login.ts": "a2\n",
      "src/api/users.ts": "c2\n",
      "docs/readme.md": "new\n",
    });
    const report = repo.adriftJson<{
      items: { id: string; paths: string[] }[];
      left_out: unknown[];
      ungoverned: string[];
    }>(["context", "--base", "main"]);
    expect(report.items.map((i) => i.id)).toEqual([file, broad, glob]);
    expect(report.items[2]!.paths).toEqual(["src/api/users.ts", "src/auth/login.ts"]);
    expect(report.left_out).toEqual([]);
    expect(report.ungoverned).toEqual(["docs/readme.md"]);

    // The feature's commit (no hooks) makes the three stale, as `adrift stale` says: each says so.
    const tight = repo.adriftJson<{
      items: { id: string; stale?: boolean }[];
      left_out: { id: string }[];
    }>(["context", "--base", "main", "--verbose", "--max-chars", "240"]);
    expect(tight.items.map((i) => i.stale)).toEqual([true]);
    expect(tight.items.map((i) => i.id)).toEqual([file]);
    expect(tight.left_out.map((i) => i.id)).toEqual([broad, glob]);
    const human = repo.adrift(["context", "--base", "main", "--max-chars", "130"]);
    expect(human.stdout).toContain(`left out by the 130-character budget: ${broad}, ${glob}`);
  });

  it("sees every new record although the folded state is cached, and survives a corrupt cache", () => {
    const repo = makeRepo();
    repo.adrift(["intent", "record", "--outcome", "First outcome", ...COMPLETE]);
    expect(repo.adrift(["context"]).stdout).toMatch(/^First outcome/);
    repo.adrift(["intent", "record", "--outcome", "Second outcome", ...COMPLETE]);
    expect(repo.adrift(["context"]).stdout).toMatch(/^Second outcome/);
    writeFileSync(path.join(repo.dir, ".git/adrift/state-cache.json"), "{not json");
    expect(repo.adrift(["context"]).stdout).toMatch(/^Second outcome/);
  });

  it("rejects a bad budget with a usage error", () => {
    const repo = makeRepo();
    const result = repo.adrift(["context", "--max-tokens", "0", "--json"]);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stderr).error.code).toBe("usage");
  });
});

describe("adrift export", () => {
  it("exports the session with a timeline and decisions marked complete or incomplete", () => {
    const repo = makeRepo();
    repo.adrift(["intent", "record", "--outcome", "Complete card", ...COMPLETE]);
    repo.adrift(["intent", "record", "--outcome", "Half a card <script>"]);
    const result = repo.adrift(["export"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("## Timeline");
    expect(result.stdout).toContain("## Decisions");
    expect(result.stdout).toContain("### Complete card `complete`");
    expect(result.stdout).toContain("### Half a card \\<script> `incomplete`");
    expect(result.stdout).toContain("`no_considered_options`");
  });

  it("says not_found for an unknown workline and writes nothing", () => {
    const repo = makeRepo();
    const result = repo.adrift(["export", "--workline", "01ZZZZ", "--out", "x.md", "--json"]);
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stderr).error.code).toBe("not_found");
    expect(repo.git("status", "--porcelain")).toBe("");
  });
});
