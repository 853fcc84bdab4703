/// <reference lib="dom" />
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findChromium, launchChromium } from "../support/chromium.js";
import { makeRepo, repoWithLongOutcome, type TestRepo, tempDir } from "../support/repo.js";
import { makeSiteRepo } from "../support/site-repo.js";

const CHROMIUM = findChromium("test/cli/site-browser-readers.test.ts");

const suite = CHROMIUM ? describe : describe.skip;

/**
 * A repository as log4brains leaves one: ADRs named `yyyymmdd-slug.md`, whose long slugs are
 * their ids and take the width of the ADR table, one superseded by another.
 */
function log4brainsRepo(): TestRepo {
  const repo = makeRepo();
  const adr = (title: string, status: string) =>
    `# ${title}\n\n- Status: ${status}\n- Date: 2020-09-25\n\n## Context and Problem Statement\n\nWhy.\n`;
  repo.commit("adrs", {
    "docs/adr/20200925-multi-packages-architecture-in-a-monorepo-with-yarn-and-lerna.md": adr(
      "Multi-packages architecture in a monorepo with Yarn and Lerna",
      "accepted",
    ),
    "docs/adr/20200926-use-the-adr-number-as-its-unique-id.md": adr(
      "Use the ADR number as its unique ID",
      "superseded by [20201016-use-the-adr-slug-as-its-unique-id](20201016-use-the-adr-slug-as-its-unique-id.md)",
    ),
    "docs/adr/20201016-use-the-adr-slug-as-its-unique-id.md": adr(
      "Use the ADR slug as its unique ID",
      "accepted",
    ),
    "docs/adr/20201026-the-core-api-is-responsible-for-enhancing-the-adr-markdown-body-with-mdx.md":
      adr("The core API is responsible for enhancing the ADR markdown body with MDX", "accepted"),
  });
  repo.adrift(["init"]);
  expect(repo.adrift(["adr", "import"]).code).toBe(0);
  return repo;
}

suite("the site in a real headless Chromium, as readers of real repositories meet it", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium(CHROMIUM!);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a state badge and a column heading stay whole words beside long log4brains slugs", async () => {
    const repo = log4brainsRepo();
    expect(repo.adrift(["site", "build"]).code).toBe(0);
    const page = await browser.newPage();
    await page.setViewport({ width: 1000, height: 800 });
    await page.goto(pathToFileURL(path.join(repo.dir, ".adrift/site/adrs.html")).href, {
      waitUntil: "load",
    });
    // A badge or a heading broken inside a word ("cur/ren/t", "Rec/ord/s") is taller than one line.
    const broken = await page.evaluate(() => {
      const out: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>(".state, th")) {
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1 && !/\s/.test(el.textContent?.trim() ?? ""))
          out.push(`${el.tagName} "${el.textContent}" on ${lines.size} lines`);
      }
      return out;
    });
    expect(broken).toEqual([]);
    await page.close();
  });

  it("search finds a word wrapped in invisible characters: a writing-direction override, a zero-width space, a soft hyphen", async () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "export const a = 1;\n" });
    repo.adrift(["init"]);
    const record = (outcome: string) =>
      repo.adriftJson<{ id: string }>([
        "decision",
        "record",
        "--outcome",
        outcome,
        "--trivial",
        "--path",
        "src/a.ts",
      ]).id;
    const bidi = record("Keep the \u202Eflamingo\u202C parser");
    const zeroWidth = record("Cache the\u200Bpelican results");
    const shy = record("Retry the al\u00ADbatross call");
    expect(repo.adrift(["site", "build"]).code).toBe(0);
    const search = pathToFileURL(path.join(repo.dir, ".adrift/site/search.html")).href;
    const hits = async (q: string) => {
      const page = await browser.newPage();
      await page.goto(`${search}?q=${encodeURIComponent(q)}`, { waitUntil: "load" });
      await page.waitForFunction(() =>
        document.getElementById("status")?.textContent?.match(/found|Nothing/),
      );
      const found = await page.$$eval("#results a", (as) => as.map((a) => a.getAttribute("href")));
      await page.close();
      return found;
    };
    expect(await hits("flamingo")).toContain(`records/${bidi}.html`);
    expect(await hits("pelican")).toContain(`records/${zeroWidth}.html`);
    expect(await hits("albatross")).toContain(`records/${shy}.html`);
  });

  it("a record page fits the window when the ADR that holds it has a title of ten thousand characters without a space", async () => {
    // A draft of one record takes the record's outcome whole as its title.
    const { repo, id } = repoWithLongOutcome();
    const drafted = repo.adriftJson<{ drafts: { path: string }[] }>([
      "adr",
      "draft",
      "--record",
      id,
    ]);
    expect(repo.adrift(["adr", "accept", drafted.drafts[0]!.path]).code).toBe(0);
    expect(repo.adrift(["site", "build"]).code).toBe(0);
    const page = await browser.newPage();
    await page.setViewport({ width: 1000, height: 800 });
    await page.goto(pathToFileURL(path.join(repo.dir, `.adrift/site/records/${id}.html`)).href, {
      waitUntil: "load",
    });
    expect(await page.evaluate(() => document.body.textContent)).toContain("In ADRs");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1000,
    );
    await page.close();
  });

  it("on a phone (375 px) no page is wider than the screen: table cells and long words wrap", async () => {
    const site = makeSiteRepo();
    expect(site.repo.adrift(["site", "build"]).code).toBe(0);
    const out = path.join(site.repo.dir, ".adrift/site");
    const pages = (
      JSON.parse(readFileSync(path.join(out, ".adrift-site.json"), "utf8")).pages as string[]
    ).filter((p) => p.endsWith(".html"));
    const wide: string[] = [];
    for (const file of pages) {
      const page = await browser.newPage();
      await page.setViewport({ width: 375, height: 700 });
      await page.goto(pathToFileURL(path.join(out, file)).href, { waitUntil: "load" });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 375) wide.push(`${file}: ${width}px`);
      await page.close();
    }
    expect(wide).toEqual([]);
  });

  it("the HTML report fits a phone's screen (375 px): its tables, its bars and its diagram", async () => {
    const site = makeSiteRepo();
    const html = site.repo.adrift(["report", "correspondence", "--format", "html"]);
    expect(html.code).toBe(0);
    const file = path.join(tempDir(), "report.html");
    writeFileSync(file, html.stdout);
    const page = await browser.newPage();
    await page.setViewport({ width: 375, height: 700 });
    await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await page.close();
  });

  it("the HTML report fits the window when a title is ten thousand characters without a space", async () => {
    const repo = makeRepo();
    repo.commit("code", {
      "src/lib/math.ts": "export const add = (a: number, b: number) => a + b;\n",
    });
    repo.adrift(["init"]);
    repo.adriftJson([
      "decision",
      "record",
      "--outcome",
      `Long${"x".repeat(10_000)}`,
      "--trivial",
      "--path",
      "src/lib/math.ts",
    ]);
    repo.commit("record", {
      "src/lib/math.ts": "export const add = (a: number, b: number) => b + a;\n",
    });
    const html = repo.adrift(["report", "correspondence", "--format", "html"]);
    expect(html.code).toBe(0);
    const file = path.join(tempDir(), "report.html");
    writeFileSync(file, html.stdout);
    const page = await browser.newPage();
    await page.setViewport({ width: 1000, height: 800 });
    await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1000,
    );
    await page.close();
  });
});
