/// <reference lib="dom" />
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Browser, Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findChromium, launchChromium } from "../support/chromium.js";
import { startCli, waitFor } from "../support/repo.js";
import { makeSiteRepo, type SiteRepo } from "../support/site-repo.js";

const CHROMIUM = findChromium("test/cli/site-browser.test.ts");
/** Where the screenshots go: a folder git ignores, never committed. */
const ARTIFACTS = fileURLToPath(new URL("../../test-artifacts/site/", import.meta.url));
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const suite = CHROMIUM ? describe : describe.skip;

suite(
  CHROMIUM
    ? "the built site in a real headless Chromium"
    : "the built site in a real browser: SKIPPED, no Chromium found (apt-get install chromium, or set ADRIFT_CHROMIUM)",
  () => {
    let site: SiteRepo;
    let out: string;
    let browser: Browser;
    let pages: string[];
    const url = (page: string) => pathToFileURL(path.join(out, page)).href;

    beforeAll(async () => {
      site = makeSiteRepo();
      out = path.join(site.repo.dir, ".adrift/site");
      expect(site.repo.adrift(["site", "build"]).code).toBe(0);
      pages = JSON.parse(readFileSync(path.join(out, ".adrift-site.json"), "utf8")).pages;
      browser = await launchChromium(CHROMIUM!);
    });
    afterAll(async () => {
      await browser?.close();
    });

    /** Opens a page and collects what went wrong: console errors, page errors, failed or outside requests, dialogs. */
    async function open(target: string): Promise<{ page: Page; problems: string[] }> {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") problems.push(`console: ${m.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`page error: ${String(error)}`));
      page.on("requestfailed", (r) => problems.push(`failed request: ${r.url()}`));
      page.on("request", (r) => {
        if (!r.url().startsWith(pathToFileURL(out).href))
          problems.push(`outside request: ${r.url()}`);
      });
      page.on("dialog", (d) => {
        problems.push(`dialog: ${d.message()}`);
        void d.dismiss();
      });
      await page.goto(target, { waitUntil: "load" });
      return { page, problems };
    }

    it("loads every page with no console error, no failed or outside request, and every internal link resolves", async () => {
      expect(pages.length).toBeGreaterThan(20);
      const broken: string[] = [];
      for (const file of pages) {
        const { page, problems } = await open(url(file));
        expect(problems, file).toEqual([]);
        // SVG links too (the graph's boxes): their href attribute, resolved as the browser does.
        const hrefs = await page.$$eval("a[href]", (as) =>
          as.map((a) => new URL(a.getAttribute("href") ?? "", document.baseURI).href),
        );
        for (const href of hrefs) {
          if (!href.startsWith("file:")) {
            // Only links a person wrote in an ADR go outside, and only to http(s) or mailto.
            if (!/^(https?|mailto):/.test(href)) broken.push(`${file}: ${href}`);
            continue;
          }
          const target = new URL(href);
          const hash = decodeURIComponent(target.hash.slice(1));
          target.hash = "";
          target.search = "";
          const targetFile = fileURLToPath(target);
          if (!existsSync(targetFile)) broken.push(`${file}: ${href}`);
          else if (hash && !readFileSync(targetFile, "utf8").includes(`id="${hash}"`))
            broken.push(`${file}: ${href} (no #${hash})`);
        }
        expect(
          await page.evaluate(() => (window as { __pwned?: unknown }).__pwned),
        ).toBeUndefined();
        await page.close();
      }
      expect(broken).toEqual([]);
    });

    it("search finds a decision by a word of its rationale, by its id, in Cyrillic and Portuguese without accents", async () => {
      const hits = async (q: string) => {
        const { page, problems } = await open(`${url("search.html")}?q=${encodeURIComponent(q)}`);
        await page.waitForFunction(() =>
          document.getElementById("status")?.textContent?.match(/found|Nothing/),
        );
        const found = await page.$$eval("#results a", (as) =>
          as.map((a) => a.getAttribute("href")),
        );
        expect(problems).toEqual([]);
        await page.close();
        return found;
      };
      expect(await hits("flamingo")).toContain(`records/${site.parser}.html`);
      expect(await hits(site.parser)).toContain(`records/${site.parser}.html`);
      expect(await hits(site.parser.slice(0, 12))).toContain(`records/${site.parser}.html`);
      expect(await hits("память")).toContain(`records/${site.cyrillic}.html`);
      expect(await hits("decisao")).toContain(`records/${site.portuguese}.html`);
      // Typed into the box on another page: the form goes to the search page with the words.
      const { page } = await open(url("index.html"));
      await page.type("#q", "flamingo");
      await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
      await page.waitForSelector("#results a");
      expect(
        await page.$$eval("#results a", (as) => as.map((a) => a.getAttribute("href"))),
      ).toContain(`records/${site.parser}.html`);
      await page.close();
    });

    it("axe-core finds no serious or critical violation on any kind of page", async () => {
      const chosen = [
        "index.html",
        "records.html",
        "adrs.html",
        "graph.html",
        "code.html",
        "questions.html",
        "backlog.html",
        "search.html",
        `records/${site.parser}.html`,
        `records/${site.hostile}.html`,
        pages.find((p) => p.startsWith("adrs/"))!,
      ];
      const found: string[] = [];
      for (const file of chosen) {
        const page = await browser.newPage();
        // axe is injected by the test (the page's own policy rightly refuses outside scripts).
        await page.setBypassCSP(true);
        await page.goto(url(file), { waitUntil: "load" });
        await page.evaluate(AXE);
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: {
                run(): Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }>;
              };
            }
          ).axe;
          const result = await axe.run();
          return result.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            nodes: v.nodes.length,
          }));
        });
        for (const v of violations)
          if (v.impact === "serious" || v.impact === "critical")
            found.push(`${file}: ${v.id} (${v.impact}, ${v.nodes} nodes)`);
        await page.close();
      }
      expect(found).toEqual([]);
    });

    it("the keyboard reaches the search box and every record", async () => {
      const { page } = await open(url("records.html"));
      const reached = new Set<string>();
      for (let i = 0; i < 120; i++) {
        await page.keyboard.press("Tab");
        reached.add(
          await page.evaluate(() => {
            const el = document.activeElement as HTMLElement | null;
            return el?.id === "q" ? "#q" : (el?.getAttribute("href") ?? el?.tagName ?? "");
          }),
        );
      }
      expect(reached).toContain("#q");
      const records = pages.filter((p) => p.startsWith("records/"));
      for (const record of records) expect(reached, record).toContain(record);
      await page.close();
    });

    it("hostile text stays inert text: no script runs, no markup, no script link, the RTL override shown", async () => {
      for (const file of [
        `records/${site.hostile}.html`,
        pages.find(
          (p) =>
            p.startsWith("adrs/") && readFileSync(path.join(out, p), "utf8").includes("__pwned"),
        )!,
        "index.html",
        "records.html",
        "search.html",
      ]) {
        const { page, problems } = await open(url(file));
        expect(problems).toEqual([]);
        const facts = await page.evaluate(() => ({
          pwned: (window as { __pwned?: unknown }).__pwned,
          imgs: document.querySelectorAll("img").length,
          scriptLinks: [...document.querySelectorAll("a")].filter(
            (a) => a.protocol === "javascript:",
          ).length,
          text: document.body.textContent ?? "",
        }));
        expect(facts.pwned, file).toBeUndefined();
        expect(facts.imgs, file).toBe(0);
        expect(facts.scriptLinks, file).toBe(0);
        if (file.startsWith("records/")) {
          expect(facts.text).toContain("<img src=x onerror=");
          expect(facts.text).toContain("<U+202E>evil");
        }
        await page.close();
      }
      // The 10 KB title wraps inside the page: nothing is wider than the window.
      const { page } = await open(url(`records/${site.long}.html`));
      await page.setViewport({ width: 1000, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        1000,
      );
      await page.close();
    });

    it("writes screenshots of the home page, an ADR, a stale decision and the code map", async () => {
      mkdirSync(ARTIFACTS, { recursive: true });
      const shots: [string, string][] = [
        ["index.html", "home.png"],
        [pages.find((p) => p.startsWith("adrs/"))!, "adr.png"],
        [`records/${site.parser}.html`, "stale-decision.png"],
        ["code.html", "code-map.png"],
        ["graph.html", "graph.png"],
        [`search.html?q=flamingo`, "search.png"],
      ];
      for (const [file, name] of shots) {
        const page = await browser.newPage();
        await page.setViewport({ width: 1200, height: 900 });
        await page.goto(
          file.includes("?") ? `${url(file.split("?")[0]!)}?${file.split("?")[1]}` : url(file),
          { waitUntil: "load" },
        );
        await page.screenshot({ path: path.join(ARTIFACTS, name), fullPage: true });
        await page.close();
        expect(existsSync(path.join(ARTIFACTS, name))).toBe(true);
      }
    });

    it("the preview serves the site over HTTP and reloads an open page when a decision is recorded", async () => {
      const served = startCli(site.repo.dir, [
        "site",
        "serve",
        "--port",
        "0",
        "--out",
        ".adrift/preview",
      ]);
      try {
        await waitFor(
          () => served.out.stderr,
          (t) => /serving .* at http:\/\/127\.0\.0\.1:\d+\//.test(t),
        );
        const base = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(served.out.stderr)![1]!;
        const page = await browser.newPage();
        const problems: string[] = [];
        page.on("console", (m) => {
          if (m.type() === "error") problems.push(m.text());
        });
        page.on("requestfailed", (r) => {
          // the event stream is cut when the page reloads: that is the reload, not a failure
          if (!r.url().endsWith("/__adrift/reload")) problems.push(`failed request: ${r.url()}`);
        });
        await page.goto(`${base}records.html`, { waitUntil: "load" });
        expect(await page.evaluate(() => document.title)).toContain("Records");
        site.repo.adrift(["decision", "record", "--outcome", "Reloaded into the open page"]);
        await page.waitForFunction(
          () => document.body.textContent?.includes("Reloaded into the open page"),
          { timeout: 300_000 },
        );
        expect(problems).toEqual([]);
        await page.close();
      } finally {
        served.child.kill("SIGTERM");
        await served.exited;
      }
    });
  },
);
