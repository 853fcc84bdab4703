import type { Root, RootContent } from "mdast";

type Parser = (text: string) => Root;
type Transform = (tree: Root | RootContent) => unknown;
type FromMarkdownExtension = { transforms?: Transform[]; enter?: Record<string, unknown> };
let parser: Promise<Parser> | undefined;

/**
 * What GFM's autolink-literal pass must find in a text node to change it: each of its patterns
 * (a URL after `http://`, `https://` or `www.`; an email, `mailto:` or `xmpp:` address) holds
 * one of these literally (mdast-util-gfm-autolink-literal), so a block whose text has none of
 * them comes out of the pass as it went in.
 */
const AUTOLINK_LITERAL = /@|www\.|https?:\/\//i;

function mayHoldAutolinkLiteral(node: Root | RootContent): boolean {
  // A loop, not recursion: a block quote nested 5,000 deep is a few kilobytes of Markdown.
  const pending: (Root | RootContent)[] = [node];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.type === "text") {
      if (AUTOLINK_LITERAL.test(next.value)) return true;
    } else if ("children" in next) pending.push(...next.children);
  }
  return false;
}

/** How deep a tree is kept as parsed; below, each node's content is its text (see `keepShallow`). */
const MAX_DEPTH = 64;

/**
 * Cuts a tree at MAX_DEPTH: a node that deep keeps its text as one text node (without a position:
 * nothing rewrites it in place), its markup below is dropped. Markdown nests without limit — a
 * line of 5,000 `> ` is a block quote 5,000 deep — and every reader of the tree (the ADR reader,
 * the site, renumber) walks it by recursion; no ADR a person writes nests 64 deep.
 */
function keepShallow(tree: Root): Root {
  const pending: [Root | RootContent, number][] = [[tree, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    if (!("children" in node)) continue;
    if (depth < MAX_DEPTH) {
      for (const child of node.children) pending.push([child, depth + 1]);
      continue;
    }
    let text = "";
    const below: (Root | RootContent)[] = [...node.children].reverse();
    for (let n = below.pop(); n !== undefined; n = below.pop()) {
      if ("value" in n && typeof n.value === "string" && n.type !== "html") text += n.value;
      else if ("children" in n) below.push(...[...n.children].reverse());
    }
    (node as { children: RootContent[] }).children = [{ type: "text", value: text }];
  }
  return tree;
}

/**
 * Takes GFM's autolink-literal pass out of the parser's from-markdown extensions, so that it runs
 * on the blocks where it can change something only: the pass walks every node of a file four
 * times, and most blocks of an ADR hold no bare URL or email. The pass changes each text node on
 * its own, so running it block by block gives the tree it gives run once over the whole file.
 * Nothing is taken out (undefined) unless that pass is the only transform there.
 */
function holdBackAutolinkLiterals(extensions: unknown): Transform | undefined {
  const all = [extensions].flat(Number.POSITIVE_INFINITY) as FromMarkdownExtension[];
  const withTransforms = all.filter((e) => e?.transforms?.length);
  const only = withTransforms[0];
  if (withTransforms.length !== 1 || only?.transforms?.length !== 1 || !only.enter?.literalAutolink)
    return undefined;
  const [transform] = only.transforms;
  only.transforms = [];
  return transform;
}

/**
 * Parses people's Markdown (GFM and front matter) into mdast; remark is loaded on first use.
 * The tree is remark's, node for node.
 */
export async function parseMarkdown(text: string): Promise<Root> {
  return (await markdownParser())(text);
}

/** The same parser, once loaded, as a synchronous function (for renderers that parse on demand). */
export function markdownParser(): Promise<Parser> {
  parser ??= (async () => {
    const { unified, remarkParse, remarkGfm, remarkFrontmatter } = await import(
      "../../vendor/markdown-parser.js"
    );
    const processor = unified()
      .use(remarkParse)
      .use(remarkGfm)
      .use(remarkFrontmatter, ["yaml"])
      .freeze();
    const autolinks = holdBackAutolinkLiterals(processor.data("fromMarkdownExtensions"));
    return (value: string) => {
      const tree = keepShallow(processor.parse(value));
      if (autolinks)
        for (const block of tree.children) if (mayHoldAutolinkLiteral(block)) autolinks(block);
      return processor.runSync(tree) as Root;
    };
  })();
  return parser;
}
