// The tree-sitter runtime (web-tree-sitter) symbol anchors parse code with, from one module: the
// build bundles this file with the package, and copies the runtime's tree-sitter.wasm and the
// grammars' wasm files beside it (scripts/bundle-vendor.mjs). The runtime and the grammars move
// together: a grammar's wasm is built against one runtime ABI, so bump them as a pair and run
// test/adapters/code-grammars.test.ts, which loads every grammar with the runtime.

export type { Node, Tree } from "web-tree-sitter";
export { Language, Parser } from "web-tree-sitter";
