// Repositories built in one `git fast-import` (many commits for the price of one process).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { git, initRepo, tempDir, testEnv } from "./repo.js";

/** A file of a commit: its bytes (a string is UTF-8), its mode, or `null` to delete it. */
export type ImportFile = string | Uint8Array | { data: string | Uint8Array; mode: string } | null;

/** One commit on `main`, each following the one before. */
export type ImportCommit = {
  files: Record<string, ImportFile>;
  message?: string;
  /** committer (and author) time, seconds since the epoch */
  time?: number;
};

/** A fresh repository whose `main` holds `commits`, oldest first; returns it and the commit ids. */
export function importHistory(commits: readonly ImportCommit[]): { dir: string; hashes: string[] } {
  const dir = tempDir("adrift-import-");
  initRepo(dir);
  const chunks: Buffer[] = [];
  const text = (s: string) => chunks.push(Buffer.from(s, "utf8"));
  const data = (bytes: Uint8Array) => {
    text(`data ${bytes.length}\n`);
    chunks.push(Buffer.from(bytes));
    text("\n");
  };
  commits.forEach((commit, i) => {
    const when = commit.time ?? 1_767_225_600 + i * 60;
    text(`commit refs/heads/main\nmark :${i + 1}\n`);
    text(`author Ana Souza <ana@example.com> ${when} +0000\n`);
    text(`committer Ana Souza <ana@example.com> ${when} +0000\n`);
    data(Buffer.from(commit.message ?? `commit ${i + 1}\n`, "utf8"));
    if (i > 0) text(`from :${i}\n`);
    for (const [file, content] of Object.entries(commit.files)) {
      if (content === null) {
        text(`D ${file}\n`);
        continue;
      }
      const { data: bytes, mode } =
        typeof content === "string" || content instanceof Uint8Array
          ? { data: content, mode: "100644" }
          : content;
      text(`M ${mode} inline ${file}\n`);
      data(typeof bytes === "string" ? Buffer.from(bytes, "utf8") : bytes);
    }
  });
  const result = spawnSync("git", ["fast-import", "--quiet", "--export-marks=.git/marks"], {
    cwd: dir,
    env: testEnv(),
    input: Buffer.concat(chunks),
  });
  if (result.status !== 0) throw new Error(`fast-import failed: ${result.stderr}`);
  git(dir, ["reset", "-q", "--hard", "main"]);
  // The marks file names each commit's id.
  const marks = new Map(
    readFileSync(path.join(dir, ".git/marks"), "utf8")
      .trim()
      .split("\n")
      .map((line) => line.split(" ") as [string, string]),
  );
  return { dir, hashes: commits.map((_, i) => marks.get(`:${i + 1}`)!) };
}
