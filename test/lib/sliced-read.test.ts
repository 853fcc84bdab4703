import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseLogBuffer, readLog } from "../../src/index.js";
import { tempDir } from "../support/repo.js";

const B32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const ulid = (n: number) => {
  let s = "";
  for (let i = 0; i < 10; i++, n = Math.floor(n / 32)) s = B32[n % 32] + s;
  return `01JQ8X2M4T000000${s}`;
};

const session = (n: number) =>
  JSON.stringify({
    id: ulid(n),
    type: "session_started",
    schema_version: 1,
    at: "2026-03-01T10:00:00.000Z",
    actor: { kind: "human", name: "Ana", email: "ana@example.com" },
    session_id: ulid(n),
    data: { author: { name: "Ana", email: "ana@example.com" }, branch: "main" },
  });

describe("a large log file is validated a slice of lines at a time", () => {
  it("gives the lines and problems a whole-file parse gives, across slice boundaries and a torn last line", async () => {
    const dir = tempDir();
    const logDir = path.join(dir, ".decisions/log");
    mkdirSync(logDir, { recursive: true });
    const lines: string[] = [];
    for (let i = 0; i < 1_203; i++) lines.push(session(i));
    // Problems on both sides of the slice boundaries (500 lines a slice) and in between.
    lines[498] = "{not json";
    lines[499] = JSON.stringify({ id: ulid(499), type: "session_started" });
    lines[500] = "";
    lines[999] = "[]";
    lines[1_000] = lines[10]!; // a duplicate id, text identical: dropped without a problem
    const text = `${lines.join("\n")}\n${session(5_000).slice(0, 40)}`; // torn: no newline, cut off
    const file = path.join(logDir, "a.events.ndjson");
    writeFileSync(file, text);

    const whole = parseLogBuffer(readFileSync(file), ".decisions/log/a.events.ndjson");
    const read = await readLog(logDir, dir);

    const problems = (ps: { code: string; line: number }[]) =>
      ps.map((p) => `${p.line}:${p.code}`).sort();
    expect(problems(read.problems)).toEqual(problems(whole.problems));
    expect(problems(read.problems)).toEqual(
      ["499:invalid_json", "500:invalid_event", "1000:invalid_event", "1204:torn_line"].sort(),
    );
    // Every valid line once (the duplicate folded), in id order.
    const kept = whole.lines.map((l) => l.event.id);
    expect(read.events.map((e) => e.id)).toEqual([...new Set(kept)].sort());
    expect(read.events).toHaveLength(1_203 - 5);
  });
});
