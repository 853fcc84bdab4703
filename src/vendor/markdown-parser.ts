// The Markdown parser ADR files are read with (remark with GFM and front matter), from one
// module: the build bundles this file with the packages it re-exports (about 130 small modules,
// micromark and its extensions, which every start of a command reading ADRs would otherwise
// resolve and link one by one; Node 20 also compiles each). Source and tests use the packages as
// they are; see scripts/bundle-vendor.mjs.
export { default as remarkFrontmatter } from "remark-frontmatter";
export { default as remarkGfm } from "remark-gfm";
export { default as remarkParse } from "remark-parse";
export { unified } from "unified";
