// The graph layout the site's and the report's relation graphs are drawn with (dagre), from one
// module: the build bundles this file with the package it re-exports, so a command that draws a
// graph loads one file. Source and tests use the package as it is; see scripts/bundle-vendor.mjs.
export { graphlib, layout } from "@dagrejs/dagre";
