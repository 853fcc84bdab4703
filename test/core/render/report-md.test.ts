import fc from "fast-check";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import {
  code,
  joinableCode,
  list,
  paragraph,
  renderMarkdown,
  sentence,
  text,
  words,
} from "../../../src/core/render/report-md.js";
import { propertyOptions } from "../../support/property.js";

describe("the report Markdown serializer", () => {
  it("prints code followed by an empty text as the code alone (the PR comment drops the text)", () => {
    const value = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 30 }),
      fc.stringMatching(/^[ `\r\n\\*_#|<>@:.a-z-]{0,12}$/),
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 4 }), (values) => {
        const withText = values.map((v) => [paragraph(code(v), "")]);
        const without = values.map((v) => [paragraph(code(v))]);
        expect(renderMarkdown([list(without)])).toBe(renderMarkdown([list(withText)]));
      }),
      propertyOptions({ numRuns: 500 }),
    );
  });
  it("prints adrift's own words unescaped, meaning what the escaped text would, beside any user text", () => {
    const parser = unified().use(remarkParse).use(remarkGfm);
    const plain = (node: unknown): string => {
      const n = node as { value?: string; children?: unknown[]; type: string };
      if (n.type === "inlineCode") return `\`${n.value}\``;
      if (n.type === "break") return "\n";
      if (n.type === "link") return `[${(n.children ?? []).map(plain).join("")}]`;
      return n.value ?? (n.children ?? []).map(plain).join(n.type === "list" ? "\n" : "");
    };
    // What a reader sees; spaces at an item's ends (which Markdown trims) aside.
    const meaning = (md: string) =>
      plain(parser.parse(md))
        .replace(/[ \t]+/g, " ")
        .replace(/ ?\n ?/g, "\n")
        .trim();
    const said = fc.stringMatching(/^[A-Za-z0-9 ,.;:()\u2014\u2192'-]{1,16}$/);
    const user = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 20 }),
      fc.stringMatching(/^[ `\r\n\\*_#|<>@:.()[\]!a-z0-9-]{0,12}$/),
    );
    const part = fc.oneof(
      user.map((v) => ({ user: v })),
      said.map((v) => ({ said: v })),
      user.map((v) => ({ code: v })),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(part, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 3 }),
        (items) => {
          // The same sentence with its words as text nodes, escaped like user text.
          const build = (asWords: boolean) =>
            renderMarkdown([
              list(
                items.map((parts) => {
                  const said = sentence(
                    ...parts.map((p) =>
                      "code" in p ? code(p.code) : "said" in p ? words(p.said) : p.user,
                    ),
                  );
                  return asWords
                    ? said
                    : paragraph(
                        ...said.children.map((c) => (c.type === "html" ? text(c.value) : c)),
                      );
                }),
              ),
            ]);
          expect(meaning(build(true))).toBe(meaning(build(false)));
        },
      ),
      propertyOptions({ numRuns: 500 }),
    );
  });

  it("escapes with the text before them the words that could complete what it ends with", () => {
    // each would read as a link, a character reference or HTML if the words were printed as
    // they are after the escaped text (found by the property above on random seeds)
    const cases: [string, string][] = [
      ["0@", ".a"],
      ["&", "amp; ok"],
      ["<", "A b"],
    ];
    for (const [user, said] of cases) {
      const md = renderMarkdown([list([sentence(code("x"), user, words(said))])]);
      expect(md, user + said).toBe(
        renderMarkdown([list([paragraph(code("x"), text(user + said))])]),
      );
    }
    // what follows the first space stays adrift's own words, printed as they are
    expect(sentence(code("x"), "a", words("b c")).children).toEqual([
      { type: "inlineCode", value: "x" },
      { type: "text", value: "ab" },
      { type: "html", value: " c" },
    ]);
  });

  it("prints a space between a code span and a code span or words ending with one before it", () => {
    // side by side their backtick runs would make one: `a``b` is one span holding a``b (found by
    // the property above on a random seed)
    expect(renderMarkdown([paragraph(code("a"), code("b"))])).toBe("`a` `b`\n");
    expect(renderMarkdown([paragraph(code("a"), text(""), code("b"))])).toBe("`a` `b`\n");
    expect(renderMarkdown([sentence(words("see"), joinableCode("a"), joinableCode("b"))])).toBe(
      "see`a` `b`\n",
    );
    expect(renderMarkdown([sentence(words("see"), joinableCode("a"), code("b c "))])).toBe(
      "see`a` `b c `\n",
    );
    const md = renderMarkdown([list([paragraph(code("\n"), code("\n-`"), text(" "))])]);
    const parsed = unified().use(remarkParse).use(remarkGfm).parse(md);
    expect(JSON.stringify(parsed)).toContain('"value":"\\n-`"');
  });

  it("refuses to print as they are words that hold Markdown syntax", () => {
    for (const bad of ["a *b*", "[x](y)", "<b>", "a_b", "`c`", "# h", "a\nb", "x!"])
      expect(() => words(bad)).toThrow(/not plain words/);
    // after a node, words are printed as they are
    expect(sentence(code("x"), words(". Re-check it, then "), code("y")).children).toEqual([
      { type: "inlineCode", value: "x" },
      { type: "html", value: ". Re-check it, then " },
      { type: "inlineCode", value: "y" },
    ]);
    // on a line that text began, they are escaped with it: "-" then " " would start a list
    expect(sentence("-", words(" "), code("x")).children).toEqual([
      { type: "text", value: "- " },
      { type: "inlineCode", value: "x" },
    ]);
  });

  it("prints joinable code within adrift's words as the same bytes as a code node of its own", () => {
    const said = fc.stringMatching(/^[A-Za-z0-9 ,.;:()\u2014\u2192'-]{1,16}$/);
    const user = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 20 }),
      fc.stringMatching(/^[ `\r\n\\*_#|<>@:.()[\]!a-z0-9-]{0,12}$/),
    );
    // Mostly values the serializer prints as they are, and their edges: spaces, backticks, `@`.
    const value = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9 ._/-]{0,16}$/),
      fc.stringMatching(/^[ `@:\r\na-z0-9._/-]{0,12}$/),
      user,
    );
    const part = fc.oneof(
      user.map((v) => ({ user: v })),
      said.map((v) => ({ said: v })),
      value.map((v) => ({ code: v })),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(part, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 3 }),
        (items) => {
          const build = (joined: boolean) =>
            renderMarkdown([
              list(
                items.map((parts) =>
                  sentence(
                    ...parts.map((p) =>
                      "code" in p
                        ? joined
                          ? joinableCode(p.code)
                          : code(p.code)
                        : "said" in p
                          ? words(p.said)
                          : p.user,
                    ),
                  ),
                ),
              ),
            ]);
          expect(build(true)).toBe(build(false));
        },
      ),
      propertyOptions({ numRuns: 1000 }),
    );
    // Joined after words; a node of its own where no words come before it, or where the
    // serializer would change it (a backtick, a space at an end).
    expect(sentence(code("x"), words(" then "), joinableCode("a b"), words(".")).children).toEqual([
      { type: "inlineCode", value: "x" },
      { type: "html", value: " then `a b`." },
    ]);
    expect(sentence(joinableCode("x"), words(" then "), joinableCode("a`b")).children).toEqual([
      { type: "inlineCode", value: "x" },
      { type: "html", value: " then " },
      { type: "inlineCode", value: "a`b" },
    ]);
  });
});
