import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseMarkdown } from "../../../src/app/adr/markdown.js";
import { safeHref, scriptJson, userText } from "../../../src/core/render/site/html.js";
import { markdownHtml } from "../../../src/core/render/site/markdown-html.js";
import { propertyOptions } from "../../support/property.js";

const BIDI = /[\u202a-\u202e\u2066-\u2069]/;

describe("the site's text rules", () => {
  it("scriptJson: no text can end its script element, and it reads back as it was", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: "grapheme" }),
          fc.constant("</script><!-- \u2028 &amp;"),
        ),
        (text) => {
          const json = scriptJson({ text });
          expect(json).not.toMatch(/[<>&\u2028\u2029]/);
          expect(json).not.toMatch(BIDI);
          expect(JSON.parse(json)).toEqual({ text });
        },
      ),
      propertyOptions(),
    );
  });

  it("userText: no markup and no writing-direction override survive", () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(
            "<",
            ">",
            "&",
            '"',
            "'",
            "a",
            "я",
            "ã",
            "🎉",
            "\u202e",
            "\u2066",
            " ",
          ),
        }),
        (text) => {
          const html = userText(text);
          expect(html).not.toMatch(/[<>"']/);
          expect(html).not.toMatch(BIDI);
        },
      ),
      propertyOptions(),
    );
  });

  it("safeHref: http(s), mailto and relative targets only, however a scheme is disguised", () => {
    for (const ok of [
      "https://example.com/a",
      "http://x",
      "mailto:a@b.c",
      "0002-other.md",
      "#notes",
      "../x.md",
    ])
      expect(safeHref(ok)).toBe(ok);
    for (const bad of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:x",
      "java\tscript:x",
      "java\u0000script:x",
      "data:text/html,x",
      "vbscript:x",
      "//evil.example/x",
      "file:///etc/passwd",
    ])
      expect(safeHref(bad), JSON.stringify(bad)).toBeUndefined();
  });
});

describe("markdownHtml", () => {
  it("renders an ADR's Markdown with raw HTML as text, script links dropped, images as their description", async () => {
    const tree = await parseMarkdown(
      '# Title\n\nText with <b onclick="x">bold</b> and [ok](https://example.com) and [bad](javascript:alert(1)).\n\n<script>alert(1)</script>\n\n![remote](https://example.com/x.png)\n\n- [x] done\n- [ ] open\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n```js\n</pre><script>x</script>\n```\n',
    );
    const html = markdownHtml(tree);
    expect(html).toContain("<h2>Title</h2>");
    expect(html).not.toMatch(/<script|<b |onclick="|<img/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain(
      '<a href="https://example.com" rel="noopener noreferrer nofollow">ok</a>',
    );
    expect(html).toContain('<span title="link not followed">bad</span>');
    expect(html).toContain("[image: remote]");
    expect(html).toContain("☑ done");
    expect(html).toContain(
      "<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>",
    );
    expect(html).toContain("&lt;/pre&gt;&lt;script&gt;x&lt;/script&gt;");
  });

  it("sends a link to another ADR file to that ADR's page", async () => {
    const tree = await parseMarkdown("See [0002](0002-other.md#why).\n");
    expect(
      markdownHtml(tree, {
        rewriteHref: (href) => (href.startsWith("0002") ? "../adrs/X.html" : undefined),
      }),
    ).toContain('<a href="../adrs/X.html">0002</a>');
  });
});
