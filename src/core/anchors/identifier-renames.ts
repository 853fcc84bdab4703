// A mechanical rename seen from inside an anchor: the anchor's tokens differ from what the
// record saw only where identifiers were renamed one-for-one, and the old names are gone from
// the whole file (an editor's or a codemod's rename, not an edit of the code's meaning).

const TOKEN =
  /\/\/[^\n]*|\/\*[\s\S]*?\*\/|#[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`|[A-Za-z_$][\w$]*|\d[\w.]*|\S/g;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The tokens of code text, comments left out (`//`, `/* *\/`, `#` lines), roughly as a lexer would. */
export function roughTokens(text: string): string[] {
  const out: string[] = [];
  for (const [token] of text.matchAll(TOKEN))
    if (!token.startsWith("//") && !token.startsWith("/*") && !token.startsWith("#"))
      out.push(token);
  return out;
}

/**
 * The identifier renames (old -> new) that turn `before` into `after` when that is all that
 * differs, each old name mapped to one new name and no two to the same, and no old name left
 * anywhere in `file` (the whole file after the change); undefined otherwise (a real edit).
 */
export function mechanicalRenames(
  before: string,
  after: string,
  file: string,
): [string, string][] | undefined {
  const a = roughTokens(before);
  const b = roughTokens(after);
  if (a.length !== b.length) return undefined;
  const forward = new Map<string, string>();
  const backward = new Map<string, string>();
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) {
      if ((forward.get(x) ?? x) !== x || (backward.get(y) ?? y) !== y) return undefined;
      // Kept as itself: no other name may be renamed to it.
      if (IDENTIFIER.test(x)) {
        forward.set(x, x);
        backward.set(x, x);
      }
      continue;
    }
    if (!IDENTIFIER.test(x) || !IDENTIFIER.test(y)) return undefined;
    if ((forward.get(x) ?? y) !== y || (backward.get(y) ?? x) !== x) return undefined;
    forward.set(x, y);
    backward.set(y, x);
  }
  const renames = [...forward].filter(([x, y]) => x !== y);
  if (renames.length === 0) return undefined;
  const left = new Set(roughTokens(file));
  for (const [old] of renames) if (left.has(old)) return undefined;
  return renames;
}
