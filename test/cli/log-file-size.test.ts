// A clone's log file takes no more appends once it is full (LOG_FILE_CLOSE_BYTES): the next
// write starts a new file with a new session, and a marking commit stages that small file, not
// the big one (what git hashes and compresses on every marking commit stays bounded).
import { appendFileSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOG_FILE_CLOSE_BYTES } from "../../src/app/recording/writer.js";
import { makeRepo, type TestRepo } from "../support/repo.js";

const logDir = (repo: TestRepo) => path.join(repo.dir, ".decisions/log");
const files = (repo: TestRepo) => readdirSync(logDir(repo)).sort();
const linesOf = (repo: TestRepo, name: string) =>
  readFileSync(path.join(logDir(repo), name), "utf8")
    .split("\n")
    .filter(Boolean);

/** Grows `name` past the limit with exact copies of its own lines (readers keep one of each). */
function fill(repo: TestRepo, name: string): void {
  const file = path.join(logDir(repo), name);
  const text = readFileSync(file, "utf8");
  const copies = Math.ceil(LOG_FILE_CLOSE_BYTES / text.length);
  appendFileSync(file, text.repeat(copies));
  expect(statSync(file).size).toBeGreaterThanOrEqual(LOG_FILE_CLOSE_BYTES);
}

describe("a full log file", () => {
  it("takes no more appends: the next record starts a new file and session; nothing is lost", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "a\n" });
    const first = repo.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      "first",
      "--path",
      "src/a.ts",
    ]).id;
    const [full] = files(repo);
    fill(repo, full!);
    const second = repo.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      "second",
    ]).id;
    const after = files(repo);
    expect(after).toHaveLength(2);
    const fresh = after.find((f) => f !== full)!;
    const events = linesOf(repo, fresh).map((l) => JSON.parse(l));
    expect(events.map((e) => e.type)).toEqual(["session_started", "decision_recorded"]);
    expect(events[1].id).toBe(second);
    expect(events[1].session_id).toBe(events[0].id);
    // Later records go on into the new file.
    repo.adriftJson(["decision", "record", "--outcome", "third"]);
    expect(files(repo)).toEqual(after);
    expect(linesOf(repo, fresh)).toHaveLength(3);
    const listed = repo.adriftJson<{ total: number; records: { id: string }[] }>(["list"]);
    expect(listed.total).toBe(3);
    expect(listed.records.map((r) => r.id)).toContain(first);
    expect(repo.adriftJson<{ ok: boolean }>(["validate"]).ok).toBe(true);
  });

  it("a marking commit stages a new small file, not the full one", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": "a\n" });
    repo.adriftJson(["decision", "record", "--outcome", "o", "--path", "src/a.ts"]);
    const [full] = files(repo);
    fill(repo, full!);
    expect(repo.adrift(["hook", "install"]).code).toBe(0);
    repo.commit("the log, full");
    repo.write("src/a.ts", "a2\n");
    repo.git("add", "src/a.ts");
    const committed = repo.git("commit", "-q", "-m", "edit a");
    expect(committed).toBeDefined();
    const changed = repo
      .git("show", "--format=", "--name-only", "HEAD")
      .split("\n")
      .filter(Boolean);
    const logs = changed.filter((f) => f.startsWith(".decisions/"));
    expect(logs).toHaveLength(1);
    expect(logs[0]).not.toContain(full!);
    const marks = linesOf(repo, path.basename(logs[0]!)).map((l) => JSON.parse(l));
    expect(marks.map((e) => e.type)).toEqual(["session_started", "decision_marked_stale"]);
    expect(repo.adrift(["stale", "--check"]).code).toBe(0);
  });
});
