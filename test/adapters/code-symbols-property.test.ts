// Properties of TypeScript fingerprints: comments and whitespace put between tokens never change
// any symbol's fingerprint; replacing one token changes every symbol that holds it and no other.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parserFor } from "../../src/adapters/anchors/tree-sitter-runtime.js";
import type { Node } from "../../src/vendor/tree-sitter.js";
import { symbolsOf } from "../support/code-symbols.js";
import { propertyOptions } from "../support/property.js";

const SOURCE = `import { join } from "node:path";

export interface Limits {
  max: number;
  label?: string;
}

export const defaults: Limits = { max: 3, label: "three" };

export function clamp(value: number, limits: Limits = defaults): number {
  const top = limits.max * 2;
  if (value > top) {
    return top;
  }
  return Math.max(0, value);
}

export class Queue<T> {
  private items: T[] = [];
  push(item: T): number {
    this.items.push(item);
    return this.items.length;
  }
  get size(): number {
    return this.items.length;
  }
}

const route = (base: string, id: number) => join(base, String(id), \`item-\${id}\`);
type Handler = (event: { kind: "a" | "b"; at: number }) => void;
`;

/** Literal-like nodes whose inside is content: nothing may be inserted there. */
const CONTENT = new Set(["string", "template_string", "regex", "jsx_text"]);

type Leaf = { start: number; end: number; type: string; inContent: boolean };

async function leavesOf(text: string): Promise<Leaf[]> {
  const tree = (await parserFor("typescript")).parse(text)!;
  const out: Leaf[] = [];
  const visit = (node: Node, inContent: boolean) => {
    if (node.childCount === 0) {
      if (node.endIndex > node.startIndex && node.type !== "comment")
        out.push({ start: node.startIndex, end: node.endIndex, type: node.type, inContent });
      return;
    }
    for (const child of node.children) if (child) visit(child, inContent || CONTENT.has(node.type));
  };
  visit(tree.rootNode, false);
  tree.delete();
  return out;
}

/** Where something may go between two tokens, and whether a line may break there. */
async function gapsOf(text: string): Promise<{ at: number; lineBreak: boolean }[]> {
  const leaves = await leavesOf(text);
  const gaps = [];
  for (let i = 0; i + 1 < leaves.length; i++) {
    const [a, b] = [leaves[i]!, leaves[i + 1]!];
    if (a.inContent && b.inContent) continue;
    // a line break is safe only where there is one already (no semicolon inserted, none taken)
    gaps.push({ at: a.end, lineBreak: text.slice(a.end, b.start).includes("\n") });
  }
  return gaps;
}

const inline = fc.oneof(
  fc.constantFrom(" ", "\t", "  "),
  fc.stringMatching(/^[a-z ]{0,12}$/).map((t) => ` /* ${t} */ `),
);
const broken = fc.oneof(
  inline,
  fc.constantFrom("\n", "\n\n", "\r\n"),
  fc.stringMatching(/^[a-z ]{0,12}$/).map((t) => ` // ${t}\n`),
);

describe("TypeScript fingerprints (property)", () => {
  it("never change when comments or whitespace go between tokens", async () => {
    const gaps = await gapsOf(SOURCE);
    const before = await symbolsOf("a.ts", SOURCE);
    expect(before.length).toBeGreaterThan(10);
    const edits = fc.array(fc.record({ gap: fc.nat({ max: gaps.length - 1 }), inline, broken }), {
      minLength: 1,
      maxLength: 12,
    });
    await fc.assert(
      fc.asyncProperty(edits, async (chosen) => {
        // from the end backwards, so earlier offsets hold
        const ordered = [...chosen].sort((x, y) => gaps[y.gap]!.at - gaps[x.gap]!.at);
        let text = SOURCE;
        for (const edit of ordered) {
          const gap = gaps[edit.gap]!;
          const filler = gap.lineBreak ? edit.broken : edit.inline;
          text = text.slice(0, gap.at) + filler + text.slice(gap.at);
        }
        const after = await symbolsOf("a.ts", text);
        expect(after.map((s) => [s.name, s.fingerprint])).toEqual(
          before.map((s) => [s.name, s.fingerprint]),
        );
      }),
      propertyOptions({ numRuns: 200 }),
    );
  });

  it("change for every symbol holding a replaced token, and only those", async () => {
    const leaves = (await leavesOf(SOURCE)).filter(
      (l) => !l.inContent && /identifier|number/.test(l.type),
    );
    const before = await symbolsOf("a.ts", SOURCE);
    const lineOf = (offset: number) => SOURCE.slice(0, offset).split("\n").length;
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: leaves.length - 1 }), async (i) => {
        const leaf = leaves[i]!;
        const old = SOURCE.slice(leaf.start, leaf.end);
        const fresh = leaf.type === "number" ? `${old}1` : `${old}Z`;
        const text = SOURCE.slice(0, leaf.start) + fresh + SOURCE.slice(leaf.end);
        const after = new Map((await symbolsOf("a.ts", text)).map((s) => [s.name, s]));
        const line = lineOf(leaf.start);
        for (const s of before) {
          const now = after.get(s.name);
          if (!now) continue; // the token was this symbol's name: it is gone under that name
          const holds = s.startLine <= line && line <= s.endLine;
          if (holds && s.startLine === s.endLine && s.startLine === line) continue; // same line, maybe outside
          expect(now.fingerprint !== s.fingerprint, `${s.name} after ${old} -> ${fresh}`).toBe(
            holds,
          );
        }
      }),
      propertyOptions({ numRuns: 100 }),
    );
  });
});
