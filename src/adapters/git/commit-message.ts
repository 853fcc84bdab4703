// A commit message read as git's pretty formats read it (pretty.c, trailer.c, commit.c of
// git 2.39), so the embedded adapter gives the subject (`%s`) and the trailer values
// (`%(trailers:key=…,valueonly)`) the git CLI adapter gets.

const COMMENT = "#";
const SCISSORS = `${COMMENT} ------------------------ >8 ------------------------\n`;
const GIT_GENERATED = ["Signed-off-by: ", "(cherry picked from commit "];

/** git's isspace: space, tab, newline, carriage return. */
const isSpace = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\r";
const isAlnum = (c: string) => /^[A-Za-z0-9]$/.test(c);

/** The line starting at `at`, without its newline. */
function lineAt(text: string, at: number): string {
  const end = text.indexOf("\n", at);
  return text.slice(at, end < 0 ? text.length : end);
}

/** The start of the line after the one at `at`. */
function nextLine(text: string, at: number): number {
  const end = text.indexOf("\n", at);
  return end < 0 ? text.length : end + 1;
}

/** A line of white space only (git's `is_blank_line`). */
function isBlank(line: string): boolean {
  for (const c of line) if (!isSpace(c)) return false;
  return true;
}

/** The message from its first line that is not blank (git's `skip_blank_lines`). */
function fromFirstText(message: string): string {
  let at = 0;
  while (at < message.length && isBlank(lineAt(message, at))) at = nextLine(message, at);
  return message.slice(at);
}

/** `%s`: the first paragraph, its lines stripped of trailing white space and joined by spaces. */
export function messageSubject(message: string): string {
  const text = fromFirstText(message);
  const lines: string[] = [];
  for (let at = 0; at < text.length; at = nextLine(text, at)) {
    const line = lineAt(text, at).replace(/[ \t\n\r]+$/, "");
    if (line === "") break;
    lines.push(line);
  }
  return lines.join(" ");
}

/** git's `find_separator`: where `:` ends a `token` (letters, digits, `-`, then blanks), or -1. */
function separatorOf(line: string): number {
  let blank = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === ":") return i;
    if (!blank && (isAlnum(c) || c === "-")) continue;
    if (i > 0 && (c === " " || c === "\t")) {
      blank = true;
      continue;
    }
    break;
  }
  return -1;
}

/** Where the message ends for trailers: at a `---` divider line (git's `find_patch_start`). */
function patchStart(text: string): number {
  for (let at = 0; at < text.length; at = nextLine(text, at))
    if (text.startsWith("---", at) && isSpace(text[at + 3] ?? "")) return at;
  return text.length;
}

/**
 * The end of the trailers: before trailing comments and blank lines, and before a scissors line
 * (git's `ignore_non_trailer`; a run starting at the very first line counts from its second).
 */
function trailerEnd(text: string, length: number): number {
  let cutoff = length;
  if (text.startsWith(SCISSORS)) cutoff = 0;
  else {
    const at = text.indexOf(`\n${SCISSORS}`);
    if (at >= 0) cutoff = at + 1;
  }
  let comments = 0;
  let conflicts = false;
  for (let at = 0; at < cutoff; at = nextLine(text, at)) {
    const c = text[at];
    if (c === COMMENT || c === "\n") {
      if (!comments) comments = at;
    } else if (text.startsWith("Conflicts:\n", at)) {
      conflicts = true;
      if (!comments) comments = at;
    } else if (conflicts && c === "\t") {
      // a path of an old "Conflicts:" block
    } else if (comments) {
      comments = 0;
      conflicts = false;
    }
  }
  return comments || cutoff;
}

/** The start of the last line before `end` (git's `last_line`), or -1 when `end` is 0. */
function lastLine(text: string, end: number): number {
  if (end === 0) return -1;
  if (end === 1) return 0;
  const at = text.lastIndexOf("\n", end - 2);
  return at < 0 ? 0 : at + 1;
}

/**
 * git's `find_trailer_start`: the last paragraph (never the first) made of trailers only, or of
 * at least 25% trailers with one git itself writes (`Signed-off-by:`); `end` when there is none.
 */
function trailerStart(text: string, end: number): number {
  let title = 0;
  for (; title < end; title = nextLine(text, title)) {
    if (text[title] === COMMENT) continue;
    if (isBlank(lineAt(text, title))) break;
  }
  let onlySpaces = true;
  let recognized = false;
  let trailers = 0;
  let others = 0;
  let continuations = 0;
  for (let at = lastLine(text, end); at >= title; at = lastLine(text, at)) {
    const line = lineAt(text, at);
    if (line.startsWith(COMMENT)) {
      others += continuations;
      continuations = 0;
      continue;
    }
    if (isBlank(line)) {
      if (onlySpaces) continue;
      others += continuations;
      if (recognized && trailers * 3 >= others) return nextLine(text, at);
      if (trailers > 0 && others === 0) return nextLine(text, at);
      return end;
    }
    onlySpaces = false;
    if (GIT_GENERATED.some((p) => line.startsWith(p))) {
      trailers++;
      continuations = 0;
      recognized = true;
    } else if (separatorOf(line) >= 1 && !isSpace(line[0])) {
      trailers++;
      continuations = 0;
    } else if (isSpace(line[0])) continuations++;
    else {
      others += 1 + continuations;
      continuations = 0;
    }
  }
  return end;
}

/**
 * The values of the trailers named `key` (case-insensitive), as
 * `%(trailers:key=<key>,valueonly)` lists them: continuation lines kept, each value trimmed.
 */
export function trailerValues(message: string, key: string): string[] {
  const text = fromFirstText(message);
  const end = trailerEnd(text, patchStart(text));
  const start = trailerStart(text, end);
  const block = text.slice(start, end);
  const entries: string[] = [];
  let last = -1;
  for (const line of block.split(/(?<=\n)/)) {
    if (line === "") continue;
    if (last >= 0 && isSpace(line[0])) {
      entries[last] += line;
      continue;
    }
    entries.push(line);
    last = separatorOf(line) >= 1 ? entries.length - 1 : -1;
  }
  const wanted = key.toLowerCase();
  const values: string[] = [];
  for (const entry of entries) {
    const at = separatorOf(entry);
    if (at < 1) continue;
    if (
      entry
        .slice(0, at)
        .replace(/^[ \t\n\r]+|[ \t\n\r]+$/g, "")
        .toLowerCase() !== wanted
    )
      continue;
    values.push(entry.slice(at + 1).replace(/^[ \t\n\r]+|[ \t\n\r]+$/g, ""));
  }
  return values;
}
