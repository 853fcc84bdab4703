// Every file adrift reads or writes in the repository and under .git/adrift is a regular file
// or directory reached without a symbolic link, read up to a limit; the error names the file,
// never what it holds.
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, makeRepo, type TestRepo, tempDir, testEnv } from "../support/repo.js";

/** A guard against a hang (reading /dev/zero without end), not a time budget. */
const HANG_GUARD_MS = 120_000;

function run(repo: TestRepo, args: string[], input = "") {
  const result = spawnSync(process.execPath, [CLI, ...args, "--json"], {
    cwd: repo.dir,
    env: testEnv(),
    encoding: "utf8",
    input,
    timeout: HANG_GUARD_MS,
  });
  expect(result.signal, "the command hung").toBeNull();
  const error = result.stderr ? JSON.parse(result.stderr.trim().split("\n").at(-1)!).error : {};
  return { code: result.status, stderr: result.stderr, error };
}

const SECRET = "TOPSECRET=ghp_0123456789abcdef";

describe(".decisions/config.json", () => {
  it("as a symbolic link to a secret: refused, naming the link, never echoing the secret", () => {
    const repo = makeRepo();
    const secret = path.join(tempDir(), "secret.env");
    writeFileSync(secret, `${SECRET}\n`);
    mkdirSync(path.join(repo.dir, ".decisions"), { recursive: true });
    symlinkSync(secret, path.join(repo.dir, ".decisions/config.json"));
    const { code, error, stderr } = run(repo, ["list"]);
    expect(code).toBe(2);
    expect(error.code).toBe("validation_failed");
    expect(error.message).toContain(".decisions/config.json is a symbolic link");
    expect(stderr).not.toContain("TOPSECRET");
  });

  it("as a regular file that is not JSON: the error does not quote it", () => {
    const repo = makeRepo();
    repo.write(".decisions/config.json", `${SECRET}\n`);
    const { code, error, stderr } = run(repo, ["list"]);
    expect(code).toBe(2);
    expect(error.message).toContain("not valid JSON");
    expect(stderr).not.toContain("TOPSECRET");
  });

  it("as a symbolic link to /dev/zero: refused at once, not read without end", () => {
    const repo = makeRepo();
    mkdirSync(path.join(repo.dir, ".decisions"), { recursive: true });
    symlinkSync("/dev/zero", path.join(repo.dir, ".decisions/config.json"));
    const { code, error } = run(repo, ["list"]);
    expect(code).toBe(2);
    expect(error.code).toBe("validation_failed");
  });

  it("larger than 1 MiB: refused with its size", () => {
    const repo = makeRepo();
    repo.write(".decisions/config.json", `{"x": "${"a".repeat(1_100_000)}"}`);
    const { code, error } = run(repo, ["list"]);
    expect(code).toBe(2);
    expect(error.message).toMatch(/config\.json holds 1,100,\d+ bytes/);
  });
});

describe("--file", () => {
  it("/dev/zero is refused as not a regular file; stdin without end is cut at the limit", () => {
    const repo = makeRepo();
    const device = run(repo, ["intent", "record", "--file", "/dev/zero"]);
    expect(device.code).toBe(2);
    expect(device.error.message).toContain("not a regular file");
    const piped = spawnSync(
      "sh",
      ["-c", `node "${CLI}" intent record --file - --json < /dev/zero`],
      {
        cwd: repo.dir,
        env: testEnv(),
        encoding: "utf8",
        timeout: HANG_GUARD_MS,
      },
    );
    expect(piped.signal).toBeNull();
    expect(piped.status).toBe(2);
    expect(JSON.parse(piped.stderr).error.message).toContain("stdin holds");
  });
});

describe("--file over the limit", () => {
  it("a regular file over 16 MiB is refused with its size, not read", () => {
    const repo = makeRepo();
    const big = path.join(tempDir(), "card.json");
    writeFileSync(big, "");
    truncateSync(big, 17 * 1024 * 1024);
    const { code, error } = run(repo, ["intent", "record", "--file", big]);
    expect(code).toBe(2);
    expect(error.message).toContain("holds 17,825,792 bytes");
  });
});

describe("a template override that is a symbolic link", () => {
  it("is refused, naming it; its target is not read into a draft", () => {
    const repo = makeRepo();
    const secret = path.join(tempDir(), "secret.md");
    writeFileSync(secret, `${SECRET}\n`);
    mkdirSync(path.join(repo.dir, ".decisions/templates"), { recursive: true });
    symlinkSync(secret, path.join(repo.dir, ".decisions/templates/adr-draft.md"));
    const { id } = repo.adriftJson<{ id: string }>([
      ...["intent", "record", "--outcome", "x", "--trigger", "t", "--chosen", "c"],
      ...["--trivial", "--tag", "t"],
    ]);
    const { code, error, stderr } = run(repo, ["adr", "draft", "--record", id]);
    expect(code).toBe(2);
    expect(error.message).toContain(".decisions/templates/adr-draft.md is a symbolic link");
    expect(stderr).not.toContain("TOPSECRET");
  });
});

describe("ADR folders reached through a committed symbolic link", () => {
  it.each([
    ["adr_dir", "docs/adr"],
    ["drafts_dir", "docs/adr/drafts"],
  ])("%s: nothing is written where the link leads", (_, dir) => {
    const repo = makeRepo();
    const { id } = repo.adriftJson<{ id: string }>([
      ...["intent", "record", "--outcome", "x", "--trigger", "t", "--chosen", "c"],
      ...["--trivial", "--tag", "t"],
    ]);
    const outside = tempDir();
    mkdirSync(path.join(repo.dir, path.dirname(dir)), { recursive: true });
    symlinkSync(outside, path.join(repo.dir, dir));
    repo.commit("a link where the ADRs go");
    const { code, error } = run(repo, ["adr", "draft", "--record", id]);
    expect(code).toBe(2);
    expect(error.message).toContain(`${dir} is a symbolic link`);
    expect(readdirSync(outside)).toEqual([]);
  });
});

describe(".git/adrift", () => {
  it("as a symbolic link: refused, nothing written where it leads", () => {
    const repo = makeRepo();
    const outside = tempDir();
    symlinkSync(outside, path.join(repo.dir, ".git/adrift"));
    const { code, error } = run(repo, [
      ...["intent", "record", "--outcome", "x", "--trigger", "t", "--trivial"],
    ]);
    expect(code).toBe(2);
    expect(error.message).toContain("is a symbolic link");
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(path.join(repo.dir, ".decisions/log"))).toBe(false);
  });
});
