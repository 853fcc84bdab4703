import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, type TestRepo } from "../support/repo.js";

type Report = {
  ok: boolean;
  problems: { file: string; line: number; code: string; message: string }[];
};

const logFile = (repo: TestRepo) => {
  const dir = path.join(repo.dir, ".decisions/log");
  const name = readdirSync(dir).find((f) => f.endsWith(".events.ndjson"))!;
  return path.join(dir, name);
};

function seeded() {
  const repo = makeRepo();
  for (const outcome of ["one", "two"])
    repo.adrift(["intent", "record", "--outcome", outcome, "--trigger", "t", "--trivial"]);
  const base = repo.commit("records");
  return { repo, base, file: logFile(repo) };
}

const validate = (repo: TestRepo, base: string) => {
  const result = repo.adrift(["validate", "--against", base, "--json"]);
  return { code: result.code, report: JSON.parse(result.stdout) as Report };
};

const ulid = (n: number) => `01J${String(n).padStart(23, "0")}`;

describe("validate --against <rev>", () => {
  it("accepts appended lines", () => {
    const { repo, base } = seeded();
    repo.adrift(["intent", "record", "--outcome", "three", "--trigger", "t", "--trivial"]);
    expect(validate(repo, base)).toMatchObject({ code: 0, report: { ok: true } });
  });

  it("reports an edited line and a removed line with file:line", () => {
    const { repo, base, file } = seeded();
    const lines = readFileSync(file, "utf8").trim().split("\n");
    const edited = lines.map((l, i) => (i === 1 ? l.replace('"one"', '"uno"') : l));
    writeFileSync(file, `${edited.join("\n")}\n`);
    const first = validate(repo, base);
    expect(first.code).toBe(2);
    const relative = path.relative(repo.dir, file);
    expect(first.report.problems).toContainEqual(
      expect.objectContaining({ file: relative, line: 2, code: "line_edited" }),
    );
    writeFileSync(file, `${lines.filter((_, i) => i !== 2).join("\n")}\n`);
    expect(validate(repo, base).report.problems).toContainEqual(
      expect.objectContaining({ file: relative, line: 3, code: "line_removed" }),
    );
  });

  it("reports one removed line once, and a line put in the middle where it is", () => {
    const { repo, base, file } = seeded();
    for (const outcome of ["three", "four"])
      repo.adrift(["intent", "record", "--outcome", outcome, "--trigger", "t", "--trivial"]);
    const committed = repo.commit("more records");
    const lines = readFileSync(file, "utf8").trim().split("\n");
    expect(lines).toHaveLength(5);
    writeFileSync(file, `${lines.filter((_, i) => i !== 2).join("\n")}\n`);
    const removed = validate(repo, committed).report.problems;
    expect(removed).toEqual([
      expect.objectContaining({
        line: 3,
        code: "line_removed",
        message: expect.stringMatching(/^line 3 at [0-9a-f]{12} \(event /),
      }),
    ]);
    // A line put before the committed ones: one problem, at its own line.
    const extra = JSON.stringify({ ...JSON.parse(lines[4]!), id: ulid(9) });
    writeFileSync(file, `${[...lines.slice(0, 2), extra, ...lines.slice(2)].join("\n")}\n`);
    expect(validate(repo, committed).report.problems).toEqual([
      expect.objectContaining({
        line: 3,
        code: "line_edited",
        message: expect.stringMatching(
          /^line 3 is not in the file at [0-9a-f]{12} but comes before its line 3 \(now line 4\)/,
        ),
      }),
    ]);
    expect(base).not.toBe(committed);
  });

  it("reports an event appended later but dated before its file's first commit", () => {
    const { repo, base, file } = seeded();
    const last = JSON.parse(readFileSync(file, "utf8").trim().split("\n").at(-1)!);
    const forged = { ...last, id: ulid(7), at: "2020-01-01T00:00:00.000Z" };
    writeFileSync(file, `${readFileSync(file, "utf8")}${JSON.stringify(forged)}\n`);
    const { code, report } = validate(repo, base);
    expect(code).toBe(2);
    expect(report.problems).toContainEqual(
      expect.objectContaining({ line: 4, code: "back_dated" }),
    );
  });

  it("reports an answer committed by someone other than the question's session author", () => {
    const { repo, base, file } = seeded();
    const actor = { kind: "human", name: "Bia", email: "bia@example.com" };
    const at = "2026-06-01T00:00:00.000Z";
    const envelope = (id: string, type: string, session: string, data: object) =>
      JSON.stringify({ id, type, schema_version: 1, at, actor, session_id: session, data });
    const session = ulid(10);
    const extra = [
      envelope(session, "session_started", session, {
        author: { name: "Bia", email: "bia@example.com" },
      }),
      envelope(ulid(11), "open_question_declared", session, {
        question: "Round half up?",
        author: { name: "Bia", email: "bia@example.com" },
      }),
      envelope(ulid(12), "open_question_answered", session, {
        question_id: ulid(11),
        answer: "yes",
        accepted_suggestion: false,
        decision_id: ulid(13),
        answered_by: { name: "Bia", email: "bia@example.com" },
      }),
    ];
    writeFileSync(file, `${readFileSync(file, "utf8")}${extra.join("\n")}\n`);
    repo.commit("answers committed by Ana");
    const { report } = validate(repo, base);
    expect(report.problems).toContainEqual(
      expect.objectContaining({ line: 6, code: "answer_not_by_author" }),
    );
  });

  it("refuses a revision that does not exist", () => {
    const { repo } = seeded();
    const result = repo.adrift(["validate", "--against", "no-such-rev", "--json"]);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stderr).error.code).toBe("validation_failed");
  });
});
