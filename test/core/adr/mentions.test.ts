import { describe, expect, it } from "vitest";
import { parseMarkdown } from "../../../src/app/adr/markdown.js";
import { findAdrMentions, rewriteAdrMentions } from "../../../src/core/adr/mentions.js";

const clash = {
  number: 7,
  kept: "0007-alpha.md",
  moved: [{ old: "0007-beta.md", new: "0012-beta.md", to: 12 }],
};

async function rewrite(text: string, meant: string | undefined) {
  const mentions = findAdrMentions(text, await parseMarkdown(text), new Set([7]));
  return rewriteAdrMentions(text, mentions, [clash], () => meant);
}

describe("ADR mentions", () => {
  it("finds ADR-0007 and ADR 7 in prose, headings and link text, never in code, HTML or front matter", async () => {
    const text = [
      "---",
      "supersedes: ADR-0007",
      "---",
      "# On ADR 7",
      "",
      "See ADR-0007 and [the beta one][b].",
      "",
      "<div>ADR-0007</div>",
      "",
      "    ADR-0007 in an indented block",
      "",
      "[b]: ./0007-beta.md#context",
      "",
    ].join("\n");
    const mentions = findAdrMentions(text, await parseMarkdown(text), new Set([7]));
    expect(mentions.map((m) => [m.line, text.slice(m.start, m.end), m.link])).toEqual([
      [4, "7", undefined],
      [6, "0007", undefined],
    ]);
    const linked = "[ADR-0007][b]\n\n[b]: ./0007-beta.md#context\n";
    expect(findAdrMentions(linked, await parseMarkdown(linked), new Set([7]))[0]!.link).toBe(
      "0007-beta.md",
    );
  });

  it("rewrites what meant the moved ADR, keeps the padding, and returns what it could not attribute", async () => {
    const text = "ADR-0007 and ADR 7; [ADR-0007](0007-beta.md), [ADR-0007](0007-alpha.md).\n";
    expect((await rewrite(text, "0007-beta.md")).text).toBe(
      "ADR-0012 and ADR 12; [ADR-0012](0007-beta.md), [ADR-0007](0007-alpha.md).\n",
    );
    expect((await rewrite(text, "0007-alpha.md")).text).toBe(
      "ADR-0007 and ADR 7; [ADR-0012](0007-beta.md), [ADR-0007](0007-alpha.md).\n",
    );
    const unknown = await rewrite(text, undefined);
    expect(unknown.rewritten).toEqual([12]);
    expect(unknown.left.map((m) => m.start)).toEqual([4, 17]);
  });
});
