import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, testEnv } from "../support/repo.js";

/** The part of a record page under "The diff since its basis", up to the next section. */
function diffSection(html: string): string {
  const start = html.indexOf("<h3>The diff since its basis</h3>");
  expect(start).toBeGreaterThan(-1);
  const end = html.indexOf("<h3>", start + 5);
  return html.slice(start, end === -1 ? undefined : end);
}

describe.each(["cli", "embedded"])("the site as its readers meet it, %s git adapter", (adapter) => {
  const env = testEnv({ ADRIFT_GIT: adapter });

  it("a record page never shows an empty diff: a pure rename says its content is unchanged, a long change says it is not shown", () => {
    const repo = makeRepo();
    const long = Array.from({ length: 1000 }, (_, i) => `line ${i}`).join("\n");
    repo.commit("code", {
      "app/[id]/page.tsx": "export default function Page() { return null; }\n",
      "src/big.txt": `${long}\n`,
    });
    repo.adrift(["init"], { env });
    const { id } = repo.adriftJson<{ id: string }>(
      [
        "decision",
        "record",
        "--outcome",
        "Routes render nothing by default",
        "--trivial",
        "--path",
        "app/[id]/page.tsx",
        "--path",
        "src/big.txt",
      ],
      { env },
    );
    repo.commit("records");
    repo.git("mv", "app/[id]/page.tsx", "app/[id]/route.tsx");
    repo.commit("rename the page", {
      "src/big.txt": `${long.replace(/line/g, "row")}\n`,
    });
    expect(repo.adrift(["site", "build"], { env }).code).toBe(0);
    const page = readFileSync(path.join(repo.dir, `.adrift/site/records/${id}.html`), "utf8");
    const diffs = diffSection(page);
    // One heading per changed file, each followed by its hunks or by a note; never an empty box.
    expect(diffs).not.toMatch(/<pre class="diff"[^>]*><code><\/code><\/pre>/);
    expect(diffs).toContain("app/[id]/page.tsx → app/[id]/route.tsx");
    expect(diffs).toMatch(/renamed; its content is unchanged/);
    expect(diffs).toMatch(/2,000 changed lines: too many to show here/);

    // Many small changes: the first hunks are shown, and the page says how many are left out.
    const spread = long
      .split("\n")
      .map((l, i) => (i % 10 === 0 ? `${l} changed` : l))
      .join("\n");
    repo.commit("touch every tenth line", { "src/big.txt": `${spread}\n` });
    repo.adrift(["intent", "amend", id, "--path", "src/big.txt", "--reason", "one file"], { env });
    repo.commit("narrow");
    repo.commit("again", { "src/big.txt": `${spread.replace(/changed/g, "edited")}\n` });
    expect(repo.adrift(["site", "build"], { env }).code).toBe(0);
    const again = diffSection(
      readFileSync(path.join(repo.dir, `.adrift/site/records/${id}.html`), "utf8"),
    );
    expect(again).toMatch(
      /<pre class="diff"[^>]*><code>.+<\/code><\/pre><p class="muted">\d+ more hunks<\/p>/s,
    );
  });

  it("an ADR's relative links lead to pages of the site, or are shown as text: a file name with %20, a link to code, a query", () => {
    const repo = makeRepo();
    const adr = (title: string, body: string) =>
      `# ${title}\n\nDate: 2024-01-08\n\n## Status\n\nAccepted\n\n${body}\n`;
    repo.commit("adrs", {
      "src/parse.ts": "export const parse = 1;\n",
      "docs/adr/0001-record-decisions.md": adr("1. Record decisions", "We record them."),
      "docs/adr/0002-space name.md": adr("2. Space name", "Spaces in a name."),
      "docs/adr/0003-links.md": adr(
        "3. Links",
        [
          "[one](0001-record-decisions.md) [one again](./0001-record-decisions.md#status)",
          "[two](0002-space%20name.md) [two, angled](<0002-space name.md>)",
          "[the parser](../../src/parse.ts) [missing](0099-nothing.md) [query](0001-record-decisions.md?plain=1)",
          "[section](#status) [web](https://example.com/x)",
        ].join("\n"),
      ),
    });
    repo.adrift(["init"], { env });
    expect(repo.adrift(["adr", "import"], { env }).code).toBe(0);
    expect(repo.adrift(["site", "build"], { env }).code).toBe(0);
    const site = path.join(repo.dir, ".adrift/site");
    const manifest = JSON.parse(readFileSync(path.join(site, ".adrift-site.json"), "utf8")) as {
      pages: string[];
    };
    const page = manifest.pages.find((p) => p.startsWith("adrs/0003"))!;
    const html = readFileSync(path.join(site, page), "utf8");
    const body = html.slice(html.indexOf('<div class="adr-body">'));
    const links = [...body.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => ({
      href: m[1]!.replace(/&amp;/g, "&"),
      text: m[2]!,
    }));
    // Every relative link names a page of the site that is there.
    for (const { href, text } of links) {
      if (/^(https?|mailto):|^#/.test(href)) continue;
      const target = decodeURIComponent(href.replace(/[?#].*$/, ""));
      expect(existsSync(path.join(site, path.dirname(page), target)), `${text}: ${href}`).toBe(
        true,
      );
    }
    const byText = new Map(links.map((l) => [l.text, l.href]));
    const two = manifest.pages.find((p) => p.startsWith("adrs/0002"))!;
    expect(byText.get("two")).toBe(`../${two}`);
    expect(byText.get("two, angled")).toBe(`../${two}`);
    expect(byText.get("one again")).toMatch(/^\.\.\/adrs\/0001-record-decisions[^"]*\.html$/);
    expect(byText.get("query")).toMatch(/^\.\.\/adrs\/0001-record-decisions[^"]*\.html$/);
    expect(byText.get("section")).toBe("#status");
    expect(byText.get("web")).toBe("https://example.com/x");
    // A link to code or to a file that is no ADR is shown as its text, naming where it pointed.
    expect(byText.has("the parser")).toBe(false);
    expect(body).toContain('title="not a page of the site: ../../src/parse.ts">the parser</span>');
    expect(byText.has("missing")).toBe(false);
  });

  it("the home page's timeline dates an imported ADR by its own date (adr-tools 'Date: 2017-07-04'), as adr list does", () => {
    const repo = makeRepo();
    repo.commit("adrs", {
      "doc/adr/0001-dns.md": "# 1. DNS\n\nDate: 2017-06-30\n\n## Status\n\nAccepted\n",
      "doc/adr/0002-zones.md": "# 2. Zones\n\n* Status: accepted\n* Date: 2018-02-01\n",
    });
    repo.adrift(["init"], { env });
    expect(repo.adrift(["adr", "import"], { env }).code).toBe(0);
    expect(repo.adrift(["site", "build"], { env }).code).toBe(0);
    const home = readFileSync(path.join(repo.dir, ".adrift/site/index.html"), "utf8");
    expect(home).toContain(
      '<time datetime="2017-06-30">2017-06-30</time> <span class="kind">ADR</span>',
    );
    expect(home).toContain(
      '<time datetime="2018-02-01">2018-02-01</time> <span class="kind">ADR</span>',
    );
  });

  it("one relation between two ADRs is one arrow: the graph page, the report's diagram and its Mermaid", () => {
    const repo = makeRepo();
    // adr-tools: each file says its side, and adrift fills in the other side anyway
    repo.commit("adrs", {
      "doc/adr/0001-dns.md":
        "# 1. DNS\n\nDate: 2017-06-30\n\n## Status\n\nSuperseded by [2. DNS again](0002-dns-again.md)\n",
      "doc/adr/0002-dns-again.md":
        "# 2. DNS again\n\nDate: 2017-07-30\n\n## Status\n\nAccepted\n\nSupercedes [1. DNS](0001-dns.md)\n",
      "doc/adr/0003-zones.md":
        "# 3. Zones\n\nDate: 2017-08-30\n\n## Status\n\nAccepted\n\nAmended by [4. More zones](0004-more-zones.md)\n",
      "doc/adr/0004-more-zones.md":
        "# 4. More zones\n\nDate: 2017-09-30\n\n## Status\n\nAccepted\n",
    });
    repo.adrift(["init"], { env });
    expect(repo.adrift(["adr", "import"], { env }).code).toBe(0);
    expect(repo.adrift(["site", "build"], { env }).code).toBe(0);
    const graph = readFileSync(path.join(repo.dir, ".adrift/site/graph.html"), "utf8");
    const arrows = (text: string, re: RegExp) => text.match(re)?.length ?? 0;
    expect(arrows(graph, /<title>[^<]*(supersedes|superseded-by)[^<]*<\/title><\/path>/g)).toBe(1);
    expect(arrows(graph, /<title>[^<]*(amends|amended-by)[^<]*<\/title><\/path>/g)).toBe(1);
    const md = repo.adrift(["report", "correspondence"], { env }).stdout;
    expect(arrows(md, /-- "(supersedes|superseded-by)" -->/g)).toBe(1);
    expect(arrows(md, /-- "(amends|amended-by)" -->/g)).toBe(1);
    const html = repo.adrift(["report", "correspondence", "--format", "html"], { env }).stdout;
    expect(arrows(html, /<title>[^<]*(supersedes|superseded-by)[^<]*<\/title><\/path>/g)).toBe(1);
    // the ADR pages still list the relation on both sides
    const first = readFileSync(path.join(repo.dir, ".adrift/site/adrs/0001-dns.html"), "utf8");
    expect(first).toContain("superseded-by");
  });

  it("a build by a newer adrift draws again every page an older one drew, though the log did not change", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "export const a = 1;\n" });
    repo.adrift(["init"], { env });
    const { id } = repo.adriftJson<{ id: string }>(
      ["decision", "record", "--outcome", "a is one", "--trivial", "--path", "src/a.ts"],
      { env },
    );
    repo.commit("record");
    expect(repo.adrift(["site", "build"], { env }).code).toBe(0);
    // What an older adrift left: its own markup in the pages, its digests in the manifest, which
    // it wrote as maps by page.
    const site = path.join(repo.dir, ".adrift/site");
    const manifestFile = path.join(site, ".adrift-site.json");
    const now = JSON.parse(readFileSync(manifestFile, "utf8")) as {
      pages: string[];
      digests: string[];
      sizes: number[];
      keys: string[];
      basis: unknown;
    };
    const byPage = <T>(values: T[]) =>
      Object.fromEntries(now.pages.map((page, i) => [page, values[i]!]));
    const manifest = {
      format: "adrift.site",
      renderer: "an older adrift",
      files: byPage(now.digests),
      sizes: byPage(now.sizes),
      keys: Object.fromEntries(Object.entries(byPage(now.keys)).filter(([, k]) => k)),
      basis: now.basis,
    };
    const old = "<!doctype html><title>drawn by an older adrift</title>\n";
    for (const page of ["index.html", `records/${id}.html`]) {
      writeFileSync(path.join(site, page), old);
      manifest.files[page] = createHash("sha1").update(old).digest("base64url");
      manifest.sizes[page] = old.length;
    }
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const rebuilt = repo.adriftJson<{ written: number }>(["site", "build"], { env });
    expect(rebuilt.written).toBe(2);
    for (const page of ["index.html", `records/${id}.html`])
      expect(readFileSync(path.join(site, page), "utf8")).toContain("a is one");
    // The same adrift again: nothing to draw.
    expect(repo.adriftJson<{ written: number }>(["site", "build"], { env }).written).toBe(0);
  });

  it("the 'open' line it prints can be pasted into a shell when the folder's name has a space", () => {
    const repo = makeRepo();
    repo.adrift(["init"], { env });
    const built = repo.adrift(["site", "build", "--out", "my site é"], { env });
    expect(built.code).toBe(0);
    expect(built.stdout).toContain(`open '${path.join(repo.dir, "my site é")}/index.html'`);
    const plain = repo.adrift(["site", "build", "--out", "public"], { env });
    expect(plain.stdout).toContain(`open ${path.join(repo.dir, "public")}/index.html`);
  });
});
