import { appendFileSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { logFiles } from "../support/log-files.js";
import { makeRepo } from "../support/repo.js";

type Report = { ok: boolean; problems: { file: string; line: number; code: string }[] };
type Listing = { records: { card: { outcome: string } }[]; total: number };

describe("a log file cut off in the middle of its last line", () => {
  it("is reported by validate with file:line, and every other event stays readable", () => {
    const repo = makeRepo();
    for (const outcome of ["primeiro", "второй", "third 🚀"])
      repo.adriftJson(["intent", "record", "--outcome", outcome, "--trigger", "t", "--trivial"]);
    const [file] = logFiles(repo.dir);
    const full = path.join(repo.dir, file!);
    const text = readFileSync(full);
    truncateSync(full, text.length - 40); // mid-way through the last line (the third card)

    const validated = repo.adrift(["validate"]);
    expect(validated.code).toBe(2);
    expect(validated.stdout).toContain(`${file}:4:`);
    const report = JSON.parse(repo.adrift(["validate", "--json"]).stdout) as Report;
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      expect.objectContaining({ file, line: 4, code: "torn_line" }),
    ]);

    const listed = repo.adriftJson<Listing>(["list"]);
    expect(listed.records.map((r) => r.card.outcome)).toEqual(["primeiro", "второй"]);

    repo.adriftJson(["intent", "record", "--outcome", "after", "--trigger", "t", "--trivial"]);
    const lines = readFileSync(full, "utf8").split("\n");
    expect(lines).toHaveLength(6); // session, 2 cards, the torn line, the new card, ""
    expect(JSON.parse(lines[4]!).data.card.outcome).toBe("after");
    expect(repo.adriftJson<Listing>(["list"]).total).toBe(3);
    const after = JSON.parse(repo.adrift(["validate", "--json"]).stdout) as Report;
    expect(after.problems.map((p) => [p.line, p.code])).toEqual([[4, "torn_line"]]);
  });

  it("reports a complete but malformed line in the middle as invalid_json, not torn", () => {
    const repo = makeRepo();
    repo.adriftJson(["intent", "record", "--outcome", "a", "--trigger", "t", "--trivial"]);
    const [file] = logFiles(repo.dir);
    appendFileSync(path.join(repo.dir, file!), '{"id": oops\n');
    repo.adriftJson(["intent", "record", "--outcome", "b", "--trigger", "t", "--trivial"]);
    const report = JSON.parse(repo.adrift(["validate", "--json"]).stdout) as Report;
    expect(report.problems).toEqual([
      expect.objectContaining({ file, line: 3, code: "invalid_json" }),
    ]);
    expect(repo.adriftJson<Listing>(["list"]).total).toBe(2);
  });

  it("accepts a file whose last line lacks only its newline", () => {
    const repo = makeRepo();
    repo.adriftJson(["intent", "record", "--outcome", "a", "--trigger", "t", "--trivial"]);
    const [file] = logFiles(repo.dir);
    const full = path.join(repo.dir, file!);
    writeFileSync(full, readFileSync(full, "utf8").replace(/\n$/, ""));
    expect(repo.adrift(["validate"]).code).toBe(0);
    repo.adriftJson(["intent", "record", "--outcome", "b", "--trigger", "t", "--trivial"]);
    expect(
      readFileSync(full, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l).type),
    ).toEqual(["session_started", "intent_card_recorded", "intent_card_recorded"]);
  });
});
