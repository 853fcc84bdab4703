import fc from "fast-check";
import type { Root } from "mdast";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { parseMarkdown } from "../../../src/app/adr/markdown.js";
import { propertyOptions } from "../../support/property.js";

/** remark as it comes, every pass over the whole file: what parseMarkdown must give. */
const remark = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ["yaml"]);
const reference = (text: string) => remark.runSync(remark.parse(text)) as Root;

// Inline pieces, weighted towards what GFM's autolink literals make links of (or almost do).
const INLINE = [
  "word",
  "the cache",
  " ",
  "https://example.com/a_(b).",
  "http://a.b/c?d=e&f",
  "HTTP://EXAMPLE.ORG",
  "www.example.com,",
  "WWW.x.y",
  "www.",
  "http://",
  "a.b@c.de",
  "foo@bar",
  "x@y.z_",
  "mailto:x@y.org",
  "xmpp:me@jab.ber/res",
  "@",
  "&#64;",
  "&commat;",
  "x&#x40;y.com",
  "www&#46;a.b",
  "\\@",
  "[t](http://x.y)",
  "[www.in.label](0003-x.md)",
  "<https://x.y>",
  "`www.x.y`",
  "**http://x.y**",
  "_a@b.cd_",
  "~~www.a.b~~",
  "![alt www.x.y](i.png)",
  "[ref]",
  "[^1]",
  "ADR-0003",
  "(https://x.y)",
  "-_.+",
  "  \n",
  "\\\n",
  "\n",
];
const inline = fc
  .array(fc.constantFrom(...INLINE), { minLength: 1, maxLength: 8 })
  .map((parts) => parts.join(""));
const line = inline.map((s) => s.replace(/\n/g, " "));
const block = fc.oneof(
  inline,
  fc.tuple(fc.integer({ min: 1, max: 3 }), line).map(([n, s]) => `${"#".repeat(n)} ${s}`),
  fc.array(line, { minLength: 1, maxLength: 3 }).map((xs) => xs.map((x) => `- ${x}`).join("\n")),
  fc.array(line, { minLength: 1, maxLength: 3 }).map((xs) => xs.map((x) => `1. ${x}`).join("\n")),
  inline.map((s) => `> ${s.replace(/\n/g, "\n> ")}`),
  fc.tuple(line, line).map(([a, b]) => `| a | b |\n| --- | --- |\n| ${a} | ${b} |`),
  line.map((s) => `\`\`\`\n${s}\n\`\`\``),
  line.map((s) => `[^1]: ${s}`),
  line.map((s) => `<div>${s}</div>`),
  fc.constant("[ref]: http://x.y"),
  fc.constant("---"),
);
const documents = fc
  .tuple(
    fc.option(line.map((s) => `---\ntitle: ${s.replace(/[\n-]/g, " ")}\n---\n`)),
    fc.array(block, { minLength: 1, maxLength: 8 }),
  )
  .map(([front, blocks]) => `${front ?? ""}${blocks.join("\n\n")}\n`);

describe("parseMarkdown", () => {
  it("gives remark's tree, node for node, on Markdown full of autolink literals and near misses", async () => {
    await fc.assert(
      fc.asyncProperty(documents, async (text) => {
        expect(await parseMarkdown(text), text).toStrictEqual(reference(text));
      }),
      propertyOptions({ numRuns: 1500 }),
    );
  });

  it("links bare URLs and emails in the blocks that hold them, and leaves the others alone", async () => {
    const text = [
      "# 0007 — Use www.example.com",
      "",
      "Plain words only.",
      "",
      "- Deciders: ann@example.com",
      "- Status: accepted, see https://example.com/x.",
      "",
    ].join("\n");
    const tree = await parseMarkdown(text);
    expect(tree).toStrictEqual(reference(text));
    expect(JSON.stringify(tree)).toContain('"url":"mailto:ann@example.com"');
    expect(JSON.stringify(tree)).toContain('"url":"http://www.example.com"');
  });
});
