// The Markdown serializer the reports use, from one module: the build bundles this file with the
// packages it re-exports (about a hundred small modules, which Node 20 would otherwise resolve
// and compile one by one on every start of a report command). Source and tests use the
// packages as they are; see scripts/bundle-vendor.mjs.
export { gfmToMarkdown } from "mdast-util-gfm";
export { toMarkdown } from "mdast-util-to-markdown";
