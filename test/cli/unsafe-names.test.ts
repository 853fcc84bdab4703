import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo } from "../support/repo.js";

const EVIL = "src/evil\u001b[31mRED\u001b[0m.txt";
const NEWLINE = "src/new\nline.txt";
const OUTCOME = "evil \u001b[31mRED\u001b[0m outcome";
const SUBJECT = "subj \u001b[31mred";

/** The control characters of a text other than the newlines and tabs that lay it out. */
const rawControls = (text: string) =>
  [...text].filter((c) => {
    const code = c.charCodeAt(0);
    return (code < 0x20 && c !== "\n" && c !== "\t") || (code >= 0x7f && code <= 0x9f);
  });

/** A decision on src/, then a commit by an author named with an escape sequence adding both files. */
function evilRepo() {
  const repo = makeRepo();
  repo.commit("code", { "src/a.ts": "a\n" });
  const { id } = repo.adriftJson<{ id: string }>([
    ...["decision", "record", "--outcome", OUTCOME, "--trigger", "t", "--trivial"],
    ...["--path", "src/"],
  ]);
  repo.commit("record");
  repo.git("checkout", "-q", "-b", "feature");
  repo.write(EVIL, "x\n");
  repo.write(NEWLINE, "y\n");
  repo.write("src/a.ts", "a2\n");
  repo.git("add", "-A");
  repo.git("-c", "user.name=Eve\u001b[2J", "commit", "-q", "-m", SUBJECT);
  return { repo, id };
}

const safe = (text: string) => expect(rawControls(text)).toEqual([]);

describe("names and text with control characters in human output", () => {
  it("stale quotes the paths as git does and escapes the commit's author and subject; --json keeps them raw", () => {
    const { repo } = evilRepo();
    const human = repo.adrift(["stale"]);
    safe(human.stdout);
    const lines = human.stdout.split("\n");
    expect(lines).toContain('    added    "src/evil\\033[31mRED\\033[0m.txt"');
    expect(lines).toContain('    added    "src/new\\nline.txt"');
    expect(human.stdout).toContain("Eve\\033[2J: subj \\033[31mred");
    const json = JSON.parse(repo.adrift(["stale", "--json"]).stdout);
    expect(json.findings[0].paths.map((p: { path: string }) => p.path)).toEqual(
      expect.arrayContaining([EVIL, NEWLINE]),
    );
    expect(json.findings[0].commits[0]).toMatchObject({ author: "Eve\u001b[2J", subject: SUBJECT });
  });

  it("list and show escape the outcome; their JSON keeps it raw", () => {
    const { repo, id } = evilRepo();
    const list = repo.adrift(["list"]);
    safe(list.stdout);
    expect(list.stdout).toContain("evil \\033[31mRED\\033[0m outcome");
    const show = repo.adrift(["show", id]);
    safe(show.stdout);
    expect(show.stdout).toContain("outcome      evil \\033[31mRED\\033[0m outcome");
    expect(
      repo.adriftJson<{ records: { card: { outcome: string } }[] }>(["list"]).records[0]!.card
        .outcome,
    ).toBe(OUTCOME);
  });

  it("the post-merge hook quotes the paths of the records that went stale", () => {
    const { repo } = evilRepo();
    const result = repo.adrift(["hook", "run", "post-merge", "0"]);
    safe(result.stderr);
    expect(result.stderr).toContain('"src/evil\\033[31mRED\\033[0m.txt", "src/new\\nline.txt"');
  });

  it("the PR comment quotes the paths and escapes the text, as Markdown", () => {
    const { repo } = evilRepo();
    const result = repo.adrift(["pr-comment", "--base", "main"]);
    expect(result.code).toBe(0);
    safe(result.stdout);
    // paths are code spans (nothing in them is Markdown), quoted as git quotes them
    expect(result.stdout).toContain('`"src/new\\nline.txt"` (added)');
    expect(result.stdout).toContain('`"src/evil\\033[31mRED\\033[0m.txt"` (added)');
    expect(result.stdout).toContain("evil \\033\\[31mRED\\033\\[0m outcome");
    expect(result.stdout).toContain("subj \\033\\[31mred");
  });

  it("validate, the unreadable-line warning, doctor and errors escape what they quote from the repository", () => {
    const { repo } = evilRepo();
    const log = ".decisions/log/evil\u001b[2J.events.ndjson";
    writeFileSync(path.join(repo.dir, log), "{not json \u001b[5m\n");
    const validate = repo.adrift(["validate"]);
    expect(validate.code).toBe(2);
    safe(validate.stdout);
    expect(validate.stdout).toContain(
      '".decisions/log/evil\\033[2J.events.ndjson":1: error [invalid_json]',
    );
    const stale = repo.adrift(["stale"]);
    safe(stale.stderr);
    expect(stale.stderr).toContain('".decisions/log/evil\\033[2J.events.ndjson":1 (invalid_json)');

    repo.adriftJson(["decision", "record", "--outcome", "o", "--path", "src/gone\u001b[1m.ts"]);
    const doctor = repo.adrift(["doctor"]);
    safe(doctor.stdout);
    expect(doctor.stdout).toContain("src/gone\\033[1m.ts");

    const error = repo.adrift(["show", "\u001b[2Jzz"]);
    expect(error.code).toBe(3);
    safe(error.stderr);
    expect(error.stderr).toContain('"\\033[2Jzz"');
  });
});
