import type { Root } from "mdast";

type Parser = (text: string) => Root;
let parser: Promise<Parser> | undefined;

/** Parses people's Markdown (GFM and front matter) into mdast; remark is loaded on first use. */
export async function parseMarkdown(text: string): Promise<Root> {
  parser ??= (async () => {
    const { unified, remarkParse, remarkGfm, remarkFrontmatter } = await import(
      "../../vendor/markdown-parser.js"
    );
    const processor = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ["yaml"]);
    return (value: string) => processor.runSync(processor.parse(value)) as Root;
  })();
  return (await parser)(text);
}
