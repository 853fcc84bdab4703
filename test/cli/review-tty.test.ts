import { spawn, spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { logEvents } from "../support/mcp.js";
import { CLI, repoWithDecision, testEnv, waitFor } from "../support/repo.js";

/**
 * `adrift review` on a real pseudo-terminal (util-linux `script` gives the CLI a tty for stdin
 * and stdout); each key is sent once the screen asks for it.
 */
const hasScript = spawnSync("script", ["--version"]).status === 0;

describe.skipIf(process.platform !== "linux" || !hasScript)("adrift review on a terminal", () => {
  it("shows the record with its diff, takes r and a note, and re-verifies", async () => {
    const { repo, id } = repoWithDecision();
    repo.commit("change a", { "src/a.ts": "a2\n" });
    const child = spawn("script", ["-qec", `${process.execPath} ${CLI} review`, "/dev/null"], {
      cwd: repo.dir,
      env: testEnv(),
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    await waitFor(
      () => out,
      (text) => text.includes("q quit"),
    );
    expect(out).toContain(`── 1 of 1 ── stale decision ${id.slice(0, 10)}`);
    expect(out).toMatch(/-a\r?\n\+a2/);
    child.stdin.write("r");
    await waitFor(
      () => out,
      (text) => text.includes("what did you check?"),
    );
    child.stdin.write("read the diff: a2 keeps it\r");
    await waitFor(
      () => out,
      (text) => text.includes("reviewed 1 of 1"),
    );
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(logEvents(repo.dir).at(-1)).toMatchObject({
      type: "decision_reverified",
      data: { decision_id: id, note: "read the diff: a2 keeps it" },
    });
  });
});
