// Helpers for the code-symbol tests: a file's symbols as short lines, and by name.
import { expect } from "vitest";
import { type CodeSymbol, readCodeSymbols } from "../../src/adapters/anchors/code-symbols.js";

/** The symbols of a file; fails the test when its language is not read. */
export async function symbolsOf(path: string, text: string): Promise<CodeSymbol[]> {
  const symbols = await readCodeSymbols(path, text);
  expect(symbols, `${path} is read`).toBeDefined();
  return symbols!;
}

/** Each symbol as `name kind start-end`, in the order given. */
export async function outline(path: string, text: string): Promise<string[]> {
  return (await symbolsOf(path, text)).map(
    (s) => `${s.name} ${s.kind} ${s.startLine}-${s.endLine}`,
  );
}

/** Each symbol's fingerprint by name. */
export async function fingerprints(path: string, text: string): Promise<Record<string, string>> {
  return Object.fromEntries((await symbolsOf(path, text)).map((s) => [s.name, s.fingerprint]));
}

/** The names whose fingerprint differs between two versions of a file (present in both). */
export async function changedSymbols(
  path: string,
  before: string,
  after: string,
): Promise<string[]> {
  const a = await fingerprints(path, before);
  const b = await fingerprints(path, after);
  return Object.keys(a)
    .filter((name) => name in b && a[name] !== b[name])
    .sort();
}
