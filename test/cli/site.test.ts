import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { makeSiteRepo, type SiteRepo } from "../support/site-repo.js";

let site: SiteRepo;
let out: string;
beforeAll(() => {
  site = makeSiteRepo();
  out = path.join(site.repo.dir, ".adrift/site");
});

describe("site build", () => {
  it("builds a page per record and ADR plus the list pages, and says so in --json", () => {
    const result = site.repo.adriftJson<{
      pages: number;
      written: number;
      records: number;
      adrs: number;
      stale: number;
      out: string;
    }>(["site", "build"]);
    expect(result.out).toBe(out);
    expect(result.records).toBe(14);
    expect(result.adrs).toBe(2);
    expect(result.stale).toBe(6); // four decisions and the two cards on their files
    expect(result.written).toBe(result.pages);
    for (const page of [
      "index.html",
      "records.html",
      "adrs.html",
      "graph.html",
      "code.html",
      "questions.html",
      "backlog.html",
      "search.html",
    ])
      expect(existsSync(path.join(out, page))).toBe(true);
    expect(existsSync(path.join(out, `records/${site.parser}.html`))).toBe(true);
    expect(readdirSync(path.join(out, "adrs"))).toHaveLength(2);
  });

  it("rebuilds only what changed: a new record writes its page and the lists, nothing else", () => {
    const before = site.repo.adriftJson<{ pages: number }>(["site", "build"]);
    const { id } = site.repo.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      "One more decision",
    ]);
    const after = site.repo.adriftJson<{
      pages: number;
      written: number;
      unchanged: number;
      removed: number;
    }>(["site", "build"]);
    expect(after.pages).toBe(before.pages + 1);
    expect(after.removed).toBe(0);
    // its own page, and the home, records and search pages that list it
    expect(after.written).toBe(4);
    expect(readFileSync(path.join(out, `records/${id}.html`), "utf8")).toContain(
      "One more decision",
    );
    expect(readFileSync(path.join(out, "records.html"), "utf8")).toContain("One more decision");
  });

  it("refuses a folder that holds files no site build wrote", () => {
    site.repo.write("elsewhere/notes.txt", "mine\n");
    const result = site.repo.adrift(["site", "build", "--out", "elsewhere", "--json"]);
    expect(result.code).not.toBe(0);
    expect(JSON.parse(result.stderr).error.code).toBe("validation_failed");
    expect(site.repo.read("elsewhere/notes.txt")).toBe("mine\n");
  });

  it("writes only inside the repository: --out is read from where the command runs", () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), "adrift-site-outside-"));
    const refused = site.repo.adrift(["site", "build", "--out", outside, "--json"]);
    expect(refused.code).toBe(2);
    expect(readdirSync(outside)).toEqual([]);
    // relative to the directory the command runs in, as a shell reads it
    site.repo.write("docs/.keep", "");
    const built = site.repo.adrift(["site", "build", "--out", "public", "-C", "docs", "--json"]);
    expect(built.stderr).toBe("");
    expect(built.code).toBe(0);
    expect(existsSync(path.join(site.repo.dir, "docs/public/index.html"))).toBe(true);
  });

  it("keeps hostile text out of every page's markup", () => {
    for (const file of [
      "index.html",
      "records.html",
      `records/${site.hostile}.html`,
      "graph.html",
      "search.html",
    ]) {
      const html = readFileSync(path.join(out, file), "utf8");
      expect(html, file).not.toContain("<img src=x");
      expect(html, file).not.toContain("<script>window.__pwned");
      expect(html, file).not.toContain('href="javascript:');
      expect(html, file).not.toContain("\u202E");
    }
    // Text in any script is written as it is: Cyrillic, Portuguese, emoji.
    const home = readFileSync(path.join(out, "index.html"), "utf8");
    for (const text of [
      "Кэш хранит не больше 500 записей",
      "Repetir pedidos com recuo exponencial",
      "🚀 Ship ESM only 🎉",
    ])
      expect(home).toContain(text);
    // The search page's data cannot end its script element early.
    const data = /<script type="application\/json" id="search-data">([\s\S]*?)<\/script>/.exec(
      readFileSync(path.join(out, "search.html"), "utf8"),
    )![1]!;
    expect(
      JSON.parse(data).docs.some((d: { title: string }) => d.title.includes("</script>")),
    ).toBe(true);
  });
});
