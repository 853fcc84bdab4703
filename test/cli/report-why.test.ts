// The correspondence report as a reader uses it: titles beside ids, links that land on the page,
// each decision's why, coverage that tells fresh from stale, and hostile text kept inert.
import { describe, expect, it } from "vitest";
import { acceptAdr, makeRepo, testEnv } from "../support/repo.js";

const HOSTILE = [
  "<script>alert(1)</script>",
  "</details></td></table><a href=javascript:alert(1)>x</a>",
  '"><img src=x onerror=alert(1)>',
  "\u202Eevil\u202C",
].join(" ");
const LONG = `Long title ${"w".repeat(10_000)}`;

type Report = {
  summary: { covered_only_by_stale: number; stale_records: number; paths: { drifted: number } };
  areas: { area: string; covered_files: number; covered_only_by_stale: number }[];
  titles: Record<string, string>;
};

/** Every `href` of the page: fragment links only, each naming an element id on the page. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/\shref="([^"]*)"/g)].map((m) => m[1]!);
}

describe.each(["cli", "embedded"])("the report's why and links (%s git adapter)", (adapter) => {
  const env = testEnv({ ADRIFT_GIT: adapter });

  function repository() {
    const repo = makeRepo();
    repo.commit("code", {
      "src/auth/login.ts": "login v1\n",
      "src/auth/token.ts": "token v1\n",
      "lib/util.ts": "util\n",
    });
    const record = (outcome: string, scope: string, rationale: string) =>
      repo.adriftJson<{ id: string }>(
        [
          ...["decision", "record", "--outcome", outcome, "--path", scope],
          ...["--trigger", "the IdP is slow", "--chosen", "a cache", "--rationale", rationale],
          ...["--constraints", "tokens live 5 minutes at most", "--considered", "Redis :: ops"],
        ],
        { env },
      ).id;
    const auth = record("Sessions are cached", "src/auth/", "the IdP answers in 2 s at peak");
    const evil = record(HOSTILE, "lib/util.ts", HOSTILE);
    const long = record(LONG, "lib/", "long");
    const adr = acceptAdr(repo, "Auth goes through one gateway", "gateway");
    repo.commit("decisions");
    // every file of src/auth changes: its only decision goes stale
    repo.commit("rework auth", { "src/auth/login.ts": "v2\n", "src/auth/token.ts": "v2\n" });
    return { repo, auth, evil, long, adr };
  }

  it("links every id it names to the page, prints titles and each decision's why, and keeps hostile text inert", () => {
    const { repo, auth, evil, long } = repository();
    // Written to a file, as a page is published (on a terminal, control characters print escaped).
    const out = repo.adrift(
      ["report", "correspondence", "--format", "html", "--out", "report.html"],
      { env },
    );
    expect(out.code).toBe(0);
    const html = repo.read("report.html");
    const ids = new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]!));
    const all = [...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]!);
    expect(all.length).toBe(ids.size); // no id twice
    expect(html).toMatch(/<tr id="adr-[^"]+">/); // the ADR's row, where its records link from
    const links = hrefs(html);
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) {
      expect(link.startsWith("#")).toBe(true);
      expect(ids.has(link.slice(1))).toBe(true);
    }
    // the relation graph, drawn at build time: its area boxes link to the areas' rows
    const svg = html.slice(html.indexOf("<svg"), html.indexOf("</svg>"));
    expect(svg).toMatch(/^<svg[^>]*aria-label="ADR relations and code areas"/);
    expect(hrefs(svg)).toContain("#area-src_2f_auth");
    // records, areas and ADRs are linked: the areas' governors, the ADR's records
    expect(links).toContain(`#r-${auth}`);
    expect(links).toContain("#area-src_2f_auth");
    expect(html).toMatch(
      new RegExp(
        `<a href="#r-${auth}"><code>${auth.slice(0, 10)}</code></a> <bdi>Sessions are cached</bdi>`,
      ),
    );
    // the why
    expect(html).toContain("<dt>Rationale</dt><dd><bdi>the IdP answers in 2 s at peak</bdi></dd>");
    expect(html).toContain("<dt>Constraints</dt><dd><bdi>tokens live 5 minutes at most</bdi></dd>");
    // covered only by stale decisions: amber, not green, and said in words
    expect(html).toMatch(/aria-label="0% covered by fresh decisions, 100% only by stale ones"/);
    expect(html).toContain("2/2 (2 by stale decisions, 2 only by them)");
    expect(html).not.toContain("Nothing is drifted or suspect");
    // hostile text: escaped, no live markup, no script, no javascript: link; a direction
    // override shown as what it is, inside an isolate, never acting on the page
    expect(html).not.toMatch(/<script|<img|javascript:alert\(1\)>x<\/a>|href="javascript/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toMatch(/<bdi>[^<]*&lt;U\+202E&gt;evil/);
    expect(html).not.toContain("\u202E");
    expect(html.match(/<details/g)?.length).toBe(html.match(/<\/details>/g)?.length);
    expect(html.match(/<table/g)?.length).toBe(html.match(/<\/table>/g)?.length);
    // a 10 KB title is clipped where it is printed
    expect(html).not.toContain("w".repeat(1000));
    expect(html).toContain(`id="r-${evil}"`);
    expect(html).toContain(`id="r-${long}"`);
  });

  it("tells fresh from stale coverage in JSON, and the Markdown keeps the Mermaid diagram, titles, links and the why", () => {
    const { repo, auth } = repository();
    const report = repo.adriftJson<Report>(["report", "correspondence"], { env });
    expect(report.areas.find((a) => a.area === "src/auth")).toMatchObject({
      covered_files: 2,
      covered_only_by_stale: 2,
    });
    expect(report.summary.stale_records).toBe(1);
    expect(report.titles[auth]).toBe("Sessions are cached");
    const md = repo.adrift(["report", "correspondence", "--format", "md"], { env }).stdout;
    expect(md).toContain("```mermaid");
    expect(md).toContain(`[\`${auth.slice(0, 10)}\`](#r-${auth}) Sessions are cached`);
    expect(md).toContain(`<a id="r-${auth}"></a>`);
    expect(md).toContain("**Rationale**: the IdP answers in 2 s at peak");
    expect(md).not.toContain("Nothing is drifted or suspect");
    const anchors = new Set([...md.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]!));
    for (const [, target] of md.matchAll(/\]\(#([^)]+)\)/g))
      expect(anchors.has(target!)).toBe(true);
    expect(md).not.toMatch(/(?<![\\`])<script/);
  });
});
