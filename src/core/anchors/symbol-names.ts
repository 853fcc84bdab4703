// How the symbols of a file are named in anchors (`path#Name`, `path#Outer.member`): pure rules
// over what a language's walker declares, so every language names the same way.

/** A declaration as a language walker finds it: its own name, the syntax parts it spans (one
 *  node, or several for adjacent declarations of one name), and the declarations inside it. */
export type DeclaredSymbol<T> = {
  name: string;
  kind: string;
  parts: T[];
  members: DeclaredSymbol<T>[];
  /** a name that only qualifies its members (Go methods or Rust impls of a type declared in
   *  another file): not a symbol itself */
  scopeOnly?: boolean;
};

/** A declaration with its anchor name: qualified with dots, `#2`, `#3` on later repeats. */
export type QualifiedSymbol<T> = { name: string; kind: string; parts: T[] };

/**
 * Names every declaration, parents before their members. Adjacent declarations of one name in
 * one scope are one symbol (overload signatures and their implementation, a getter and its
 * setter, Java overloads side by side): their parts and members are joined. A name declared again
 * later in the same scope is `name#2`, then `name#3`, in source order, so the first keeps the
 * plain name.
 */
export function qualifySymbols<T>(
  declared: readonly DeclaredSymbol<T>[],
  scope = "",
): QualifiedSymbol<T>[] {
  const out: QualifiedSymbol<T>[] = [];
  const seen = new Map<string, number>();
  for (const group of joinAdjacent(declared)) {
    const count = (seen.get(group.name) ?? 0) + 1;
    seen.set(group.name, count);
    const own = count === 1 ? group.name : `${group.name}#${count}`;
    const name = scope ? `${scope}.${own}` : own;
    if (!group.scopeOnly) out.push({ name, kind: group.kind, parts: group.parts });
    out.push(...qualifySymbols(group.members, name));
  }
  return out;
}

/**
 * Declarations with the members declared apart from them (Go methods, Rust impl blocks) put
 * under their owner's name: inside the first top-level declaration of that name, else in a
 * scope of that name (not a symbol itself), after everything else.
 */
export function attachMembers<T>(
  declared: readonly DeclaredSymbol<T>[],
  apart: ReadonlyMap<string, DeclaredSymbol<T>[]>,
): DeclaredSymbol<T>[] {
  const out = declared.map((d) => ({ ...d }));
  for (const [owner, members] of apart) {
    const home = out.find((d) => d.name === owner && !d.scopeOnly);
    if (home) home.members = [...home.members, ...members];
    else out.push({ name: owner, kind: "scope", parts: [], members, scopeOnly: true });
  }
  return out;
}

function joinAdjacent<T>(declared: readonly DeclaredSymbol<T>[]): DeclaredSymbol<T>[] {
  const groups: DeclaredSymbol<T>[] = [];
  for (const d of declared) {
    const last = groups.at(-1);
    if (last && last.name === d.name && !last.scopeOnly === !d.scopeOnly) {
      last.parts = [...last.parts, ...d.parts];
      last.members = [...last.members, ...d.members];
    } else groups.push({ ...d });
  }
  return groups;
}

/**
 * True when `name` can be one step of an anchor: not empty, no dot or whitespace, and `#` only
 * first (JavaScript's private names, `#secret`), since `#2` after a name counts its repeats.
 */
export function isAnchorName(name: string): boolean {
  return /^#?[^.#\s]+$/.test(name);
}

/** The languages symbol anchors read, by what adrift calls them. */
export type CodeLanguage = "typescript" | "tsx" | "javascript" | "python" | "go" | "java" | "rust";

const BY_EXTENSION: Record<string, CodeLanguage> = {
  ts: "typescript",
  mts: "typescript",
  cts: "typescript",
  tsx: "tsx",
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  jsx: "javascript",
  py: "python",
  pyi: "python",
  go: "go",
  java: "java",
  rs: "rust",
};

/** The language a file is parsed as, from its name's extension, or undefined (whole file). */
export function codeLanguageOfPath(path: string): CodeLanguage | undefined {
  const base = path.slice(path.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  if (dot <= 0) return undefined;
  return BY_EXTENSION[base.slice(dot + 1).toLowerCase()];
}
