import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { logFiles, snapshotDecisions } from "../support/log-files.js";
import { type CliResult, makeRepo, type TestRepo } from "../support/repo.js";

const errorOf = (result: CliResult) =>
  JSON.parse(result.stderr).error as { code: string; message: string };

/** Runs a command that must fail with `code` and exit `exit`, and checks nothing was written. */
function refuses(repo: TestRepo, args: string[], code: string, exit = 2, input?: string) {
  const before = snapshotDecisions(repo.dir);
  const result = repo.adrift([...args, "--json"], { input });
  expect(result.code).toBe(exit);
  expect(result.stdout).toBe("");
  const error = errorOf(result);
  expect(error.code).toBe(code);
  expect(error.message.length).toBeGreaterThan(10);
  expect(snapshotDecisions(repo.dir)).toEqual(before);
  return error;
}

/** A repository with one recorded card, and that card's id. */
function recorded(): { repo: TestRepo; id: string } {
  const repo = makeRepo();
  const { id } = repo.adriftJson<{ id: string }>([
    "intent",
    "record",
    "--outcome",
    "o",
    "--trigger",
    "t",
    "--trivial",
  ]);
  return { repo, id };
}

describe("bad input gets a clear error and writes nothing", () => {
  it("malformed JSON from --file and from stdin", () => {
    const { repo } = recorded();
    repo.write("card.json", '{"card": {"outcome": "x",}');
    expect(
      refuses(repo, ["intent", "record", "--file", "card.json"], "validation_failed").message,
    ).toContain("card.json");
    refuses(repo, ["decision", "record", "--file", "-"], "validation_failed", 2, "{not json");
    refuses(repo, ["intent", "record", "--file", "missing.json"], "validation_failed");
  });

  it("wrong field types and unknown fields in --file", () => {
    const { repo } = recorded();
    repo.write("types.json", JSON.stringify({ card: { outcome: 42 } }));
    expect(
      refuses(repo, ["intent", "record", "--file", "types.json"], "validation_failed").message,
    ).toContain("card.outcome");
    repo.write("list.json", JSON.stringify({ considered: "not a list" }));
    refuses(repo, ["intent", "record", "--file", "list.json"], "validation_failed");
    repo.write("extra.json", JSON.stringify({ card: { outcome: "x" }, outcom: "typo" }));
    refuses(repo, ["intent", "record", "--file", "extra.json"], "validation_failed");
  });

  it("a 10 MB field, from --file and from a flag", () => {
    const { repo } = recorded();
    const huge = "ж".repeat(5 * 1024 * 1024); // 10 MB of UTF-8
    repo.write(
      "huge.json",
      JSON.stringify({ card: { outcome: huge, trigger: "t" }, trivial: true }),
    );
    refuses(repo, ["intent", "record", "--file", "huge.json"], "validation_failed");
    repo.write("huge-finding.json", JSON.stringify({ card: { outcome: "o" }, findings: [huge] }));
    refuses(repo, ["decision", "record", "--file", "huge-finding.json"], "validation_failed");
  });

  it("touched_paths with '..' or an absolute path, from flags and from --file", () => {
    const { repo, id } = recorded();
    refuses(
      repo,
      ["decision", "record", "--outcome", "x", "--path", "src/../../etc"],
      "validation_failed",
    );
    refuses(
      repo,
      ["decision", "record", "--outcome", "x", "--path", "/etc/passwd"],
      "validation_failed",
    );
    refuses(
      repo,
      ["intent", "record", "--outcome", "x", "--path", "C:\\Windows"],
      "validation_failed",
    );
    repo.write(
      "paths.json",
      JSON.stringify({ card: { outcome: "x" }, touched_paths: ["../outside"] }),
    );
    refuses(repo, ["decision", "record", "--file", "paths.json"], "validation_failed");
    refuses(repo, ["intent", "amend", id, "--path", "/abs"], "validation_failed");
  });

  it("the repository root as a scope (`.`, `./`) is the whole repository, `**`", () => {
    const { repo } = recorded();
    for (const root of [".", "./", " ./ "]) {
      const whole = repo.adriftJson<{ event: { data: { basis: { touched_paths: string[] } } } }>([
        "decision",
        "record",
        "--outcome",
        "x",
        "--path",
        root,
      ]);
      expect(whole.event.data.basis.touched_paths).toEqual(["**"]);
    }
    // A path that starts with ./ is still read from the root.
    const inside = repo.adriftJson<{ event: { data: { basis: { touched_paths: string[] } } } }>([
      ...["decision", "record", "--outcome", "x", "--path", "./README.md"],
    ]);
    expect(inside.event.data.basis.touched_paths).toEqual(["README.md"]);
  });

  it("an unknown id, a bad revision, an unknown --status", () => {
    const { repo, id } = recorded();
    refuses(repo, ["show", "01ZZZZZZZZ"], "not_found", 3);
    refuses(repo, ["intent", "amend", "01ZZZZZZZZ", "--outcome", "x"], "not_found", 3);
    refuses(repo, ["decision", "supersede", id, "--by", "01ZZZZZZZZ"], "not_found", 3);
    refuses(repo, ["decision", "reverify", "01ZZZZZZZZ"], "not_found", 3);
    refuses(repo, ["decision", "mark-stale", "01ZZZZZZZZ"], "not_found", 3);
    const workline = refuses(repo, ["workline", "activate", "01ZZZZZZZZ"], "not_found", 3);
    expect(workline.message).toContain("find ids with `adrift workline list`");
    refuses(
      repo,
      ["decision", "record", "--outcome", "x", "--revision", "no-such-rev"],
      "validation_failed",
    );
    refuses(repo, ["list", "--status", "rotten"], "usage");
    refuses(repo, ["intent", "record", "--considered", "no separator"], "usage");
    refuses(repo, ["intent", "amend", id], "usage");
  });

  it("a considered option without an approach, from flags and from --file, even as the first write", () => {
    const repo = makeRepo();
    const error = refuses(
      repo,
      ["intent", "record", "--outcome", "o", "--considered", ":: too slow"],
      "usage",
    );
    expect(error.message).toContain("before '::'");
    refuses(repo, ["decision", "record", "--outcome", "o", "--considered", "  ::"], "usage");
    repo.write(
      "blank.json",
      JSON.stringify({ considered: [{ approach: " ", rejected_because: "x" }] }),
    );
    expect(
      refuses(repo, ["intent", "record", "--file", "blank.json"], "validation_failed").message,
    ).toContain("considered[0].approach");
    expect(snapshotDecisions(repo.dir)).toEqual({});
    const { id } = repo.adriftJson<{ id: string }>([
      "intent",
      "record",
      "--outcome",
      "o",
      "--trivial",
    ]);
    refuses(repo, ["intent", "amend", id, "--add-considered", ":: no"], "usage");
    refuses(repo, ["intent", "amend", id, "--file", "blank.json"], "validation_failed");
    const human = repo.adrift(["intent", "record", "--considered", ":: too slow"]);
    expect([human.code, human.stdout]).toEqual([2, ""]);
    expect(human.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("a duplicate id with different content is reported by validate at both places", () => {
    const { repo } = recorded();
    const [file] = logFiles(repo.dir);
    const lines = readFileSync(path.join(repo.dir, file!), "utf8").trim().split("\n");
    const card = JSON.parse(lines[1]!);
    card.data.card.outcome = "a different outcome";
    writeFileSync(
      path.join(repo.dir, ".decisions/log/copy.events.ndjson"),
      `${lines[1]}\n${JSON.stringify(card)}\n`,
    );
    const result = repo.adrift(["validate", "--json"]);
    expect(result.code).toBe(2);
    const report = JSON.parse(result.stdout) as {
      problems: { file: string; line: number; code: string }[];
    };
    expect(report.problems.map((p) => p.code)).toEqual(["duplicate_id"]);
    // the exact copy on line 1 of copy.events.ndjson is no problem; one record is listed
    expect(repo.adriftJson<{ total: number }>(["list"]).total).toBe(1);
  });

  it("invalid UTF-8 in a log line: validate names file:line, the rest stays readable", () => {
    const { repo } = recorded();
    const [file] = logFiles(repo.dir);
    appendFileSync(path.join(repo.dir, file!), Buffer.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a]));
    repo.adriftJson(["intent", "record", "--outcome", "later", "--trigger", "t", "--trivial"]);
    const result = repo.adrift(["validate"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain(`${file}:3:`);
    expect(result.stdout).toContain("invalid_utf8");
    expect(repo.adriftJson<{ total: number }>(["list"]).total).toBe(2);
  });

  it("invalid UTF-8 from --file is refused", () => {
    const { repo } = recorded();
    writeFileSync(
      path.join(repo.dir, "bad.json"),
      Buffer.from('{"card":{"outcome":"\xff\xfe"}}', "latin1"),
    );
    refuses(repo, ["intent", "record", "--file", "bad.json"], "validation_failed");
  });

  it("CRLF line endings are accepted, in the log and in --file", () => {
    const { repo } = recorded();
    const [file] = logFiles(repo.dir);
    const full = path.join(repo.dir, file!);
    writeFileSync(full, readFileSync(full, "utf8").replace(/\n/g, "\r\n"));
    expect(repo.adrift(["validate"]).code).toBe(0);
    repo.write(
      "crlf.json",
      '{\r\n  "card": {"outcome": "crlf", "trigger": "t"},\r\n  "trivial": true\r\n}\r\n',
    );
    repo.adriftJson(["intent", "record", "--file", "crlf.json"]);
    expect(repo.adrift(["validate"]).code).toBe(0);
    expect(repo.adriftJson<{ total: number }>(["list"]).total).toBe(2);
  });

  it("a schema_version from the future: validate names file:line, other commands refuse to upgrade", () => {
    const { repo } = recorded();
    const [file] = logFiles(repo.dir);
    const line = JSON.parse(readFileSync(path.join(repo.dir, file!), "utf8").split("\n")[1]!);
    appendFileSync(
      path.join(repo.dir, file!),
      `${JSON.stringify({ ...line, id: "01JZZZZZZZZZZZZZZZZZZZZZZZ", schema_version: 2 })}\n`,
    );
    const result = repo.adrift(["validate"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(new RegExp(`${file}:3: .*future_schema_version.*upgrade`));
    const error = refuses(repo, ["list"], "unsupported_schema_version");
    expect(error.message).toContain(`${file}:3`);
    expect(error.message).toMatch(/upgrade/);
    refuses(repo, ["intent", "record", "--outcome", "x"], "unsupported_schema_version");
  });

  it("an unknown event type is kept and warned about", () => {
    const { repo } = recorded();
    const [file] = logFiles(repo.dir);
    const line = JSON.parse(readFileSync(path.join(repo.dir, file!), "utf8").split("\n")[1]!);
    appendFileSync(
      path.join(repo.dir, file!),
      `${JSON.stringify({ ...line, id: "01JZZZZZZZZZZZZZZZZZZZZZZZ", type: "card_teleported", data: { to: "Марс" } })}\n`,
    );
    const result = repo.adrift(["validate", "--json"]);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.warnings).toBe(1);
    expect(report.problems).toEqual([
      expect.objectContaining({ file, line: 3, code: "unknown_type", severity: "warning" }),
    ]);
    expect(repo.adriftJson<{ total: number }>(["list"]).total).toBe(1);
  });
});
