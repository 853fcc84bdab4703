import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { CLI, repoWithDecision, testEnv } from "../support/repo.js";

/** Resolves when `predicate` holds for the text collected so far, or rejects after `ms`. */
function waitFor(read: () => string, predicate: (text: string) => boolean, ms: number) {
  return new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      if (predicate(read())) resolve();
      else if (Date.now() - started > ms) reject(new Error(`timed out; got: ${read()}`));
      else setTimeout(tick, 50);
    };
    tick();
  });
}

describe("adrift watch", () => {
  it("marks a record stale within seconds of a commit made by another process, and stops on SIGINT", async () => {
    const { repo, id } = repoWithDecision({ "src/a.ts": "a\n" });
    const child = spawn(process.execPath, [CLI, "watch", "--json"], {
      cwd: repo.dir,
      env: testEnv(),
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    try {
      await waitFor(
        () => stderr,
        (t) => t.includes("watching"),
        15_000,
      );
      repo.commit("edit a", { "src/a.ts": "a2\n" });
      await waitFor(
        () => stdout,
        (t) => t.includes(id),
        8_000,
      );
      const finding = JSON.parse(stdout.trim().split("\n")[0]!);
      expect(finding).toMatchObject({ record_id: id, state: "stale" });
      expect(finding.commits[0].subject).toBe("edit a");
    } finally {
      child.kill("SIGINT");
    }
    expect(await exited).toBe(0);
    expect(stderr).toContain("stopped");
    expect(repo.adriftJson<{ records: { status: string }[] }>(["list"]).records[0]?.status).toBe(
      "stale",
    );
  });
});
