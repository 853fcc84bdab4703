// How the symbols of a file are named in anchors (`path#Name`, `path#Outer.member`): pure rules
// over what a language's walker declares, so every language names the same way.

/** A declaration as a language walker finds it: its own name, the syntax parts it spans (one
 *  node, or several for adjacent declarations of one name), and the declarations inside it. */
export type DeclaredSymbol<T> = {
  name: string;
  kind: string;
  parts: T[];
  members: DeclaredSymbol<T>[];
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
    out.push({ name, kind: group.kind, parts: group.parts });
    out.push(...qualifySymbols(group.members, name));
  }
  return out;
}

function joinAdjacent<T>(declared: readonly DeclaredSymbol<T>[]): DeclaredSymbol<T>[] {
  const groups: DeclaredSymbol<T>[] = [];
  for (const d of declared) {
    const last = groups.at(-1);
    if (last && last.name === d.name) {
      last.parts = [...last.parts, ...d.parts];
      last.members = [...last.members, ...d.members];
    } else groups.push({ ...d });
  }
  return groups;
}

/** True when `name` can be one step of an anchor: not empty, no dot, `#` or whitespace. */
export function isAnchorName(name: string): boolean {
  return name.length > 0 && !/[.#\s]/.test(name);
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
