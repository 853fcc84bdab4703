// The documentation a user gets stands alone, and names the package they can install.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createProgram } from "../../src/cli/program.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const pages = readdirSync(path.join(ROOT, "docs"))
  .filter((f) => f.endsWith(".md"))
  .map((f) => `docs/${f}`);
const docs = ["README.md", "action/README.md", ...pages];

// documents a user does not have: the product spec, its seed documents and their sections
const UNSHIPPED = [/\bSPEC\b/, /\bseeds?\b[ /-]*\d{4}/i, /\bseeds\//, /§\s*\d/];
// the npm package named adrift is someone else's: install and run git-adrift
const WRONG_PACKAGE = [
  /\bnpx\s+(?:--?[\w-]+\s+)*adrift\b/,
  /\bnpm\s+(?:i|install|add)\s+(?:--?[\w-]+\s+)*adrift\b/,
  /(?<![\w-])adrift@(?:v?\d|latest|\$)/,
  /from\s+["']adrift["']/,
  /uses:\s*[\w<>.-]+\/adrift@/,
];

describe("the documentation stands alone", () => {
  it.each(docs)("%s cites no document a user does not have", (file) => {
    const text = read(file);
    for (const pattern of UNSHIPPED) expect(text, String(pattern)).not.toMatch(pattern);
  });

  it.each(docs)("%s names the package git-adrift wherever a package is meant", (file) => {
    const text = read(file);
    for (const pattern of WRONG_PACKAGE) expect(text, String(pattern)).not.toMatch(pattern);
  });

  it("the README links every page in docs/, says how long npm test takes and names test:all", () => {
    const readme = read("README.md");
    expect(pages.filter((page) => !readme.includes(`](${page})`))).toEqual([]);
    expect(readme).toMatch(/`npm test` takes about \d+ minutes?/);
    expect(readme).toContain("`npm run test:all`");
    // the first screen: one sentence, then exactly the two fresh-machine commands
    const block = /```sh\n([\s\S]*?)```/.exec(readme)![1]!;
    expect(
      block
        .split("\n")
        .filter(Boolean)
        .map((l) => l.split("#")[0]!.trim()),
    ).toEqual(["npm ci && npm run demo", "npm ci && npm test"]);
  });

  it("no command's --help cites a document a user does not have", async () => {
    const program = await createProgram();
    const texts: string[] = [];
    const visit = (command: typeof program) => {
      command.configureOutput({ writeOut: (s) => texts.push(s) });
      command.outputHelp();
      for (const sub of command.commands) visit(sub);
    };
    visit(program);
    for (const text of texts) {
      for (const pattern of UNSHIPPED) expect(text, String(pattern)).not.toMatch(pattern);
      for (const pattern of WRONG_PACKAGE) expect(text, String(pattern)).not.toMatch(pattern);
    }
  });
});
