// Resource limits give one clear error line and the right exit code, and leave nothing half
// done: a log file too large to read, an ADR that cannot be written whole.
import { spawnSync } from "node:child_process";
import { appendFileSync, readdirSync, truncateSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, makeRepo, testEnv } from "../support/repo.js";

describe("a log file too large to read", () => {
  it("2 GiB in the log directory: one error line naming it, exit 2, no stack", () => {
    const repo = makeRepo();
    repo.adrift(["intent", "record", "--outcome", "x", "--trigger", "t", "--trivial"]);
    // Sparse: no disk is used for the zeros.
    const big = path.join(repo.dir, ".decisions/log/big.events.ndjson");
    appendFileSync(big, "");
    truncateSync(big, 2 * 1024 * 1024 * 1024);
    for (const args of [["list"], ["validate"]]) {
      const result = repo.adrift(args);
      expect(result.code).toBe(2);
      const lines = result.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("[corrupt_log]");
      expect(lines[0]).toContain(".decisions/log/big.events.ndjson holds 2,147,483,648 bytes");
    }
  });
});

describe("adr accept on a full disk", () => {
  it("leaves no partial ADR keeping its number; the retry takes the same number", () => {
    const repo = makeRepo();
    const { id } = repo.adriftJson<{ id: string }>([
      ...["intent", "record", "--outcome", "x", "--trigger", "t", "--chosen", "c"],
      ...["--trivial", "--tag", "t"],
    ]);
    const [draft] = repo.adriftJson<{ drafts: { path: string }[] }>([
      ...["adr", "draft", "--record", id],
    ]).drafts;
    // A body larger than the file size limit below: the write fails part way (EFBIG), as on a
    // full disk (ENOSPC).
    appendFileSync(
      path.join(repo.dir, draft!.path),
      `\n${"a long line of the body\n".repeat(400)}`,
    );
    const limited = spawnSync(
      "sh",
      [
        "-c",
        `trap '' XFSZ; ulimit -f 4; exec "${process.execPath}" "${CLI}" adr accept "$1" --json`,
        "sh",
        draft!.path,
      ],
      { cwd: repo.dir, env: testEnv(), encoding: "utf8" },
    );
    expect(limited.status).toBe(2);
    expect(JSON.parse(limited.stderr).error.code).toBe("io_failed");
    const adrs = readdirSync(path.join(repo.dir, "docs/adr")).filter((f) => f.endsWith(".md"));
    expect(adrs).toEqual([]);
    const accepted = repo.adriftJson<{ number: number }>(["adr", "accept", draft!.path]);
    expect(accepted.number).toBe(1);
  });
});
