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
import { walkTypeScript } from "./languages/typescript.js";
import { fingerprintTokens, readSyntaxTokens } from "./syntax-tokens.js";
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

const WALKERS: Partial<Record<CodeLanguage, SymbolWalker>> = {
  typescript: walkTypeScript,
  tsx: walkTypeScript,
  javascript: walkTypeScript,
};

/** The language adrift parses `path` as, or undefined when anchors fall back to the whole file. */
export function codeLanguageOf(path: string): string | undefined {
  const language = codeLanguageOfPath(path);
  return language && WALKERS[language] ? language : undefined;
}

/** Every symbol of a file, or undefined when its language is not supported. */
export async function readCodeSymbols(
  path: string,
  content: string,
): Promise<SymbolSpan[] | undefined> {
  const language = codeLanguageOfPath(path);
  const walk = language && WALKERS[language];
  if (!language || !walk) return undefined;
  const parser = await parserFor(language);
  const tree = parser.parse(content);
  if (!tree) return undefined;
  try {
    const tokens = readSyntaxTokens(tree, content);
    return qualifySymbols(walk(tree.rootNode)).map((s) => ({
      name: s.name,
      kind: s.kind,
      startLine: firstLine(s.parts),
      endLine: lastLine(s.parts),
      fingerprint: fingerprintTokens(
        tokens,
        s.parts.map((p) => [p.startIndex, p.endIndex]),
      ),
    }));
  } finally {
    tree.delete();
  }
}

function firstLine(parts: Node[]): number {
  return Math.min(...parts.map((p) => p.startPosition.row)) + 1;
}

function lastLine(parts: Node[]): number {
  return Math.max(...parts.map((p) => p.endPosition.row)) + 1;
}
