import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { shellQuote } from "../core/agents/hook-config.js";
import { AdriftError } from "../core/errors.js";

/**
 * Opens `text` in the person's editor (`VISUAL`, else `EDITOR`, else `vi`; run by the shell, as
 * git does, so `code --wait` works) on a temporary file outside the repository, and returns what
 * was saved. The editor shares the terminal: the caller leaves raw mode first.
 */
export function editText(text: string, env: NodeJS.ProcessEnv, name = "card.md"): string {
  const editor = env.VISUAL?.trim() || env.EDITOR?.trim() || "vi";
  const dir = mkdtempSync(path.join(tmpdir(), "adrift-edit-"));
  const file = path.join(dir, name);
  try {
    writeFileSync(file, text);
    const result = spawnSync(`${editor} ${shellQuote(file)}`, {
      shell: true,
      stdio: "inherit",
      env,
    });
    if (result.error || result.status !== 0)
      throw new AdriftError(
        "io_failed",
        `the editor (${editor}) ${result.error ? `did not start: ${result.error.message}` : `exited with ${result.status}`}; nothing was changed (set VISUAL or EDITOR)`,
      );
    return readFileSync(file, "utf8");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
