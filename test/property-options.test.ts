// Every property test takes its runs and seed from test/support/property.ts: the fast tier runs a
// tenth of them with the run's seed, the thorough tier all of them, and a printed seed replays a
// failure. A property that set its own options would escape all three.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const TEST = path.join(import.meta.dirname);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

/**
 * The text of each call's last argument, for every `callee(` in `source`: brackets matched,
 * strings, comments and regular expressions skipped (enough for this suite's tests, no parser).
 */
function lastArguments(source: string, callee: string): string[] {
  const found: string[] = [];
  for (
    let at = source.indexOf(`${callee}(`);
    at !== -1;
    at = source.indexOf(`${callee}(`, at + 1)
  ) {
    const start = at + callee.length + 1;
    let depth = 1;
    let last = start;
    let i = start;
    for (; i < source.length && depth > 0; i++) {
      const c = source[i]!;
      if (c === "/" && source[i + 1] === "/") i = source.indexOf("\n", i);
      else if (c === "/" && source[i + 1] === "*") i = source.indexOf("*/", i) + 1;
      else if (c === "/" && /[(,=:[!&|?{};]$/.test(source.slice(0, i).trimEnd())) {
        // A regular expression literal: to its closing slash (not one escaped or in a class).
        for (let inClass = false, j = i + 1; j < source.length; j++) {
          if (source[j] === "\\") j++;
          else if (source[j] === "[") inClass = true;
          else if (source[j] === "]") inClass = false;
          else if (source[j] === "/" && !inClass) {
            i = j;
            break;
          }
        }
      } else if (c === '"' || c === "'" || c === "`") {
        // Skip a string (no brackets inside count); template literals are skipped whole.
        for (i++; i < source.length && source[i] !== c; i++) if (source[i] === "\\") i++;
      } else if ("([{".includes(c)) depth++;
      else if (")]}".includes(c)) depth--;
      else if (c === "," && depth === 1 && source.slice(i + 1, i + 40).trim()[0] !== ")")
        last = i + 1;
    }
    found.push(
      source
        .slice(last, i - 1)
        .trim()
        .replace(/,$/, ""),
    );
  }
  return found;
}

describe("property tests", () => {
  it("the scanner finds a call's last argument", () => {
    expect(
      lastArguments("fc.assert(fc.property(a, (x) => f(x, ')')), opts({ n: 1 }),\n);", "fc.assert"),
    ).toEqual(["opts({ n: 1 })"]);
    expect(lastArguments("fc.assert(fc.property(a, (x) => f(x, ')')));", "fc.assert")).toEqual([
      "fc.property(a, (x) => f(x, ')'))",
    ]);
  });

  it("take their runs and seed from propertyOptions, every fc.assert of every test", () => {
    const own: string[] = [];
    let asserts = 0;
    for (const file of testFiles(TEST)) {
      const source = readFileSync(file, "utf8");
      const where = path.relative(TEST, file);
      if (where === "property-options.test.ts") continue;
      for (const arg of lastArguments(source, "fc.assert")) {
        asserts++;
        if (!arg.startsWith("propertyOptions(")) own.push(`${where}: ${arg.slice(0, 60)}`);
      }
      if (/\bfc\.check\(/.test(source)) own.push(`${where}: fc.check`);
    }
    expect(own).toEqual([]);
    expect(asserts).toBeGreaterThan(50);
  });
});
