// Runs of the CLI in one process share nothing but the module cache (they take turns): each has
// its own streams, environment, directory, stdin and exit code (what the in-process test harness
// relies on, and what a caller of cli/run.ts gets).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { makeRepo, runCli, tempDir, testEnv } from "../support/repo.js";

type Run = (args: string[], io: object) => Promise<number>;
const { runCli: runInProcess } = (await import(
  new URL("../../dist/cli/run.js", import.meta.url).href
)) as { runCli: Run };

/** A run's io over collecting streams. */
function io(cwd: string, env: NodeJS.ProcessEnv = testEnv(), input = "") {
  const out = { stdout: "", stderr: "" };
  const stream = (name: "stdout" | "stderr") => {
    const s = new PassThrough();
    s.on("data", (chunk) => {
      out[name] += chunk;
    });
    return s;
  };
  const stdin = Readable.from(input === "" ? [] : [Buffer.from(input)]);
  return { out, io: { stdout: stream("stdout"), stderr: stream("stderr"), stdin, env, cwd } };
}

describe("runs in one process", () => {
  it("each call of the test harness has its own exit code, environment, directory and stdin", () => {
    const dir = tempDir();
    expect(runCli(dir, ["frobnicate"]).code).toBe(2);
    expect(runCli(dir, ["--version"])).toEqual({ code: 0, stdout: "0.1.0\n", stderr: "" });
    const coloured = runCli(dir, ["frobnicate"], {
      env: testEnv({ NO_COLOR: "", FORCE_COLOR: "1" }),
    });
    expect(coloured.stderr).toContain("\u001b[31merror\u001b[0m");
    expect(runCli(dir, ["frobnicate"]).stderr).toMatch(/^error \[usage\]/);

    const [a, b] = [makeRepo(), makeRepo()];
    const record = (repo: typeof a, outcome: string) =>
      runCli(repo.dir, ["intent", "record", "--file", "-", "--json"], {
        input: JSON.stringify({ card: { outcome, trigger: "t" }, trivial: true }),
      });
    expect(record(a, "in a").code).toBe(0);
    expect(record(b, "in b").code).toBe(0);
    const outcomes = (repo: typeof a) =>
      a
        .adriftJson<{ records: { card: { outcome: string } }[] }>(["list", "-C", repo.dir])
        .records.map((r) => r.card.outcome);
    expect(outcomes(a)).toEqual(["in a"]);
    expect(outcomes(b)).toEqual(["in b"]);
    // no input this time: stdin is empty, not the last call's
    expect(runCli(a.dir, ["intent", "record", "--file", "-", "--json"]).code).toBe(2);
  });

  it("two runs started at once take turns and keep their own output and exit codes", async () => {
    const repo = makeRepo();
    const failing = io(repo.dir);
    const listing = io(repo.dir);
    const codes = await Promise.all([
      runInProcess(["show", "no-such-id", "--json"], failing.io),
      runInProcess(["list", "--json"], listing.io),
    ]);
    expect(codes).toEqual([3, 0]);
    expect(JSON.parse(failing.out.stderr).error.code).toBe("not_found");
    expect(failing.out.stdout).toBe("");
    expect(JSON.parse(listing.out.stdout)).toMatchObject({ records: [] });
    expect(listing.out.stderr).toBe("");
  });
});

describe("the CLI's reach into the process", () => {
  it("is the entries and io.ts alone: commands take streams, env, cwd and exit code from the run", () => {
    const dir = path.resolve(import.meta.dirname, "../../src/cli");
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith(".ts"),
    );
    expect(files.length).toBeGreaterThan(20);
    const reaching = files
      // the binary's two entries, what both do first (the compile cache, closed pipes), and io.ts
      .filter((f) => !["main.ts", "start.ts", "process-start.ts", "io.ts"].includes(f))
      .flatMap((f) =>
        readFileSync(path.join(dir, f), "utf8")
          .split("\n")
          .flatMap((line, i) =>
            /process\.(stdout|stderr|stdin|env|cwd|argv|exitCode|exit)\b/.test(line)
              ? [`${f}:${i + 1}: ${line.trim()}`]
              : [],
          ),
      );
    expect(reaching).toEqual([]);
  });
});
