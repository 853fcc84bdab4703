// The symbols of a code file for anchors (`src/a.ts#Name`, `src/a.ts#Outer.member`): each named
// syntax unit with its lines and a fingerprint of its tokens. Parsing is tree-sitter's (wasm, no
// native build, offline); the runtime and a grammar load on the first file of that language.
import {
  type CodeLanguage,
  codeLanguageOfPath,
  qualifySymbols,
} from "../../core/anchors/symbol-names.js";
import type { Node } from "../../vendor/tree-sitter.js";
import type { SymbolWalker } from "./languages/declared.js";
import { walkGo } from "./languages/go.js";
import { walkJava } from "./languages/java.js";
import { walkPython } from "./languages/python.js";
import { walkRust } from "./languages/rust.js";
import { walkTypeScript } from "./languages/typescript.js";
import { outermost, readSyntaxTokens } from "./syntax-tokens.js";
import { fingerprintTokens } from "./token-fingerprint.js";
import { parserFor } from "./tree-sitter-runtime.js";

/** One named syntax unit of a file: a function, class, method, interface, type, top-level
 *  declaration. `name` is qualified with dots: `Outer.member`. */
export type SymbolSpan = {
  name: string;
  kind: string;
  startLine: number;
  endLine: number;
  /** digest over the unit's syntax tokens, comments and whitespace left out */
  fingerprint: string;
};

/** A symbol with what tells a rename: the digest of its tokens with its own name left out. */
export type CodeSymbol = SymbolSpan & {
  /** equal before and after a rename of the symbol that changed nothing else (references to
   *  itself inside included); the fingerprint itself changes with the name */
  unnamedFingerprint: string;
};

const WALKERS: Record<CodeLanguage, SymbolWalker> = {
  typescript: walkTypeScript,
  tsx: walkTypeScript,
  javascript: walkTypeScript,
  python: walkPython,
  go: walkGo,
  java: walkJava,
  rust: walkRust,
};

/** The language adrift parses `path` as, or undefined when anchors fall back to the whole file. */
export function codeLanguageOf(path: string): string | undefined {
  const language = codeLanguageOfPath(path);
  return language && WALKERS[language] ? language : undefined;
}

/** Every symbol of a file, or undefined when its language is not supported. In source order,
 *  a parent before its members; names as `qualifySymbols` gives them. With `only`, just the
 *  symbols of those names (what an anchor check needs: only their tokens are read). */
export async function readCodeSymbols(
  path: string,
  content: string,
  options: { only?: readonly string[] } = {},
): Promise<CodeSymbol[] | undefined> {
  const language = codeLanguageOfPath(path);
  const walk = language && WALKERS[language];
  if (!language || !walk) return undefined;
  const parser = await parserFor(language);
  const tree = parser.parse(content);
  if (!tree) return undefined;
  try {
    const wanted = options.only && new Set(options.only);
    const named = qualifySymbols(walk(tree.rootNode)).filter((s) => !wanted || wanted.has(s.name));
    const tokens = readSyntaxTokens(outermost(named.flatMap((s) => s.parts)), content);
    const symbols = named.map((s) => {
      const spans = s.parts.map((p): [number, number] => [p.startIndex, p.endIndex]);
      return {
        name: s.name,
        kind: s.kind,
        startLine: firstLine(s.parts),
        endLine: lastLine(s.parts),
        fingerprint: fingerprintTokens(tokens, spans),
        unnamedFingerprint: fingerprintTokens(tokens, spans, ownName(s.name)),
      };
    });
    // in source order (stable: a parent before the members that start on its line)
    return symbols.sort((a, b) => a.startLine - b.startLine);
  } finally {
    tree.delete();
  }
}

/** The last step of a qualified name, without its `#n`: what the declaration spells. */
function ownName(name: string): string {
  return name.slice(name.lastIndexOf(".") + 1).replace(/#\d+$/, "");
}

function firstLine(parts: Node[]): number {
  return Math.min(...parts.map((p) => p.startPosition.row)) + 1;
}

function lastLine(parts: Node[]): number {
  return Math.max(...parts.map((p) => p.endPosition.row)) + 1;
}
