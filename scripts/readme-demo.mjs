// Rewrites the transcript under "## What the demo shows" in README.md with what `adrift demo`
// prints now (run `npm run build` first). test/readme-demo.test.ts checks they still agree.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const readme = fileURLToPath(new URL("../README.md", import.meta.url));
const cli = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const env = { ...process.env, NO_COLOR: "1" };
for (const name of Object.keys(env))
  if (/^(CLAUDE|CODEX|CURSOR|GEMINI|AIDER|AI_AGENT$|AGENT$)/.test(name)) delete env[name];
const transcript = execFileSync(process.execPath, [cli, "demo"], {
  env,
  encoding: "utf8",
}).trimEnd();
const text = readFileSync(readme, "utf8");
const heading = "## What the demo shows";
const start = text.indexOf(heading);
if (start < 0) throw new Error(`README.md has no "${heading}" section`);
// the first ```text block after the heading, up to its own closing fence (a line of ```)
const block = /```text\n(?:```\n|[\s\S]*?\n```\n)/.exec(text.slice(start));
if (!block) throw new Error(`no \`\`\`text block under "${heading}"`);
const from = start + block.index;
const to = from + block[0].length;
writeFileSync(readme, `${text.slice(0, from)}\`\`\`text\n${transcript}\n\`\`\`\n${text.slice(to)}`);
console.log(`README.md: transcript updated (${transcript.split("\n").length} lines)`);
