// A synthetic history in which files move: every fourth commit renames a file into another
// module and edits it on the way (a rename git pairs by similarity), the others edit one or two
// files. Built with one git fast-import.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { filePath, gitEnv, random } from "../synthetic.mjs";

/** Creates `dir`; returns the commit ids (oldest first) and how many files it holds. */
export function renamesHistory(dir, { files, commits, seed = 3 }) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const env = gitEnv();
  execFileSync("git", ["init", "-q", "-b", "main", dir], { env });
  for (const [k, v] of [
    ["user.name", "Bench"],
    ["user.email", "bench@example.com"],
    ["commit.gpgsign", "false"],
  ])
    execFileSync("git", ["-C", dir, "config", k, v], { env });
  const rnd = random(seed);
  const contents = new Map();
  for (let f = 0; f < files; f++)
    contents.set(
      filePath(f),
      Array.from({ length: 20 }, (_, l) => `export const v${f}_${l} = ${l}; // file ${f}`),
    );
  const chunks = [];
  const data = (text) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const put = (p) => `M 100644 inline ${p}\n${data(`${contents.get(p).join("\n")}\n`)}`;
  let moved = 0;
  for (let c = 1; c <= commits; c++) {
    const when = 1_700_000_000 + c * 60;
    chunks.push(
      `commit refs/heads/main\nmark :${c}\ncommitter Bench <bench@example.com> ${when} +0000\n`,
    );
    chunks.push(data(`change ${c}`));
    if (c > 1) chunks.push(`from :${c - 1}\n`);
    const paths = [...contents.keys()];
    if (c === 1) for (const p of paths) chunks.push(put(p));
    else if (c % 4 === 0) {
      const from = paths[Math.floor(rnd() * paths.length)];
      const to = `src/moved/m${moved++}/${path.posix.basename(from)}`;
      const lines = contents.get(from);
      lines[Math.floor(rnd() * lines.length)] = `// edited while moving, commit ${c}`;
      contents.delete(from);
      contents.set(to, lines);
      chunks.push(`D ${from}\n`, put(to));
    } else
      for (let k = 0; k < 1 + Math.floor(rnd() * 2); k++) {
        const p = paths[Math.floor(rnd() * paths.length)];
        contents.get(p).push(`// commit ${c}.${k}`);
        chunks.push(put(p));
      }
  }
  const marks = path.join(dir, ".git/bench-marks");
  const result = spawnSync(
    "git",
    ["-C", dir, "fast-import", "--quiet", `--export-marks=${marks}`],
    {
      input: chunks.join(""),
      env,
      maxBuffer: 1 << 30,
    },
  );
  if (result.status !== 0) throw new Error(`fast-import failed: ${result.stderr}`);
  execFileSync("git", ["-C", dir, "reset", "-q", "--hard", "main"], { env });
  const hashes = new Array(commits);
  for (const line of readFileSync(marks, "utf8").trim().split("\n")) {
    const [mark, sha] = line.split(" ");
    hashes[Number(mark.slice(1)) - 1] = sha;
  }
  return { hashes, files };
}
