/** Rewrites Markdown link targets naming `oldBase` (a file name) to `newBase`, anywhere in a path. */
export function rewriteLinks(text: string, oldBase: string, newBase: string): string {
  const escaped = oldBase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text
    .replace(new RegExp(`(\\]\\((?:<)?(?:[^)\\s]*/)?)${escaped}(?=[)#?>\\s])`, "g"), `$1${newBase}`)
    .replace(
      new RegExp(`(^\\[[^\\]]+\\]:\\s*(?:[^\\s]*/)?)${escaped}(?=\\s|$|#)`, "gm"),
      `$1${newBase}`,
    );
}

/** Renumbers the title of a moved file: `# 7. Title` and `# ADR-0007: Title` follow the file. */
export function rewriteTitleNumber(text: string, from: number, to: number): string {
  return text.replace(
    new RegExp(`^(#\\s+(?:ADR[-\\s#]?)?)(0*${from})(?=[.:\\s—–-])`, "m"),
    (_, prefix: string, digits: string) => `${prefix}${String(to).padStart(digits.length, "0")}`,
  );
}

/** Replaces the reference `ADR-<from>` by `ADR-<to>` in a relation value or a status string. */
export function replaceRef(value: string, from: string, to: string): string {
  return value.replace(new RegExp(`\\b${from}\\b`, "g"), to);
}
