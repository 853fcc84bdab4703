// What merging two clones' logs can leave behind, and how `validate` reports it (file:line).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { logFiles } from "../support/log-files.js";
import { git, makeRepo, runCli, type TestRepo, tempDir } from "../support/repo.js";

type Problem = { file: string; line: number; severity: string; code: string; message: string };

function cloneOf(origin: string, name: string, email: string): TestRepo {
  const dir = tempDir();
  git(dir, ["clone", "-q", origin, "."]);
  git(dir, ["config", "user.name", name]);
  git(dir, ["config", "user.email", email]);
  git(dir, ["config", "commit.gpgsign", "false"]);
  return {
    dir,
    git: (...args: string[]) => git(dir, args),
    adrift: (args: string[], options = {}) => runCli(dir, args, options),
    adriftJson<T>(args: string[]) {
      const result = runCli(dir, [...args, "--json"]);
      if (result.code !== 0) throw new Error(`adrift ${args.join(" ")}: ${result.stderr}`);
      return JSON.parse(result.stdout) as T;
    },
  } as unknown as TestRepo;
}

const commitAll = (repo: TestRepo, message: string) => {
  repo.git("add", "-A");
  repo.git("commit", "-q", "-m", message);
};

/** file:line of the event `id` in the repository's log. */
function positionOf(repo: TestRepo, id: string): { file: string; line: number } {
  for (const file of logFiles(repo.dir)) {
    const lines = readFileSync(path.join(repo.dir, file), "utf8").split("\n");
    const index = lines.findIndex((l) => l.includes(`"id":"${id}"`));
    if (index >= 0) return { file, line: index + 1 };
  }
  throw new Error(`event ${id} is not in the log`);
}

/** A shared origin with a ready story ST-1 (rule RN-0, epic EP-1). */
function originWithStory(): string {
  const seed = makeRepo();
  seed.adriftJson(["init"]);
  seed.adriftJson(["rule", "add", "Refunds", "--text", "7 days", "--key", "RN-0"]);
  seed.adriftJson(["epic", "add", "Refunds", "--key", "EP-1"]);
  seed.adriftJson([
    ...["story", "add", "By code", "--epic", "EP-1", "--key", "ST-1", "--rule", "RN-0"],
    ...["--rf", "GET /refunds/:code", "--dod", "tests", "--dor", "API agreed"],
  ]);
  seed.commit("backlog");
  const origin = tempDir();
  git(origin, ["clone", "-q", "--bare", seed.dir, "."]);
  return origin;
}

describe("validate after two clones merged", () => {
  it("warns about a key both clones gave and a move both clones made, at the later event's line", () => {
    const origin = originWithStory();
    const ana = cloneOf(origin, "Ana Souza", "ana@example.com");
    const bob = cloneOf(origin, "Bob Lee", "bob@example.com");

    const anaRule = ana.adriftJson<{ id: string }>([
      "rule",
      "add",
      "A",
      "--text",
      "a",
      "--key",
      "RN-1",
    ]);
    ana.adriftJson(["story", "start", "ST-1"]);
    commitAll(ana, "ana");
    ana.git("push", "-q", "origin", "HEAD:main");

    // Bob has not pulled: RN-1 is free and ST-1 is ready, as far as his clone knows.
    const bobRule = bob.adriftJson<{ id: string }>([
      "rule",
      "add",
      "B",
      "--text",
      "b",
      "--key",
      "RN-1",
    ]);
    const bobMove = bob.adriftJson<{ event_id: string }>(["story", "start", "ST-1"]);
    commitAll(bob, "bob");
    bob.git("pull", "-q", "--no-rebase", "origin", "main");

    const result = bob.adrift(["validate", "--json"]);
    expect(result.code, result.stderr).toBe(0);
    const { problems, warnings, errors } = JSON.parse(result.stdout) as {
      problems: Problem[];
      warnings: number;
      errors: number;
    };
    expect([errors, warnings]).toEqual([0, 2]);
    expect(problems).toEqual([
      {
        ...positionOf(bob, bobRule.id),
        severity: "warning",
        code: "duplicate_key",
        message: `key RN-1 was already given to ${anaRule.id} (the earlier artifact keeps it); this rule ${bobRule.id} has no key: name it by id`,
      },
      {
        ...positionOf(bob, bobMove.event_id),
        severity: "warning",
        code: "transition_mismatch",
        message: expect.stringMatching(
          /^story ST-1 \(\w+\) moved ready → in_progress, but it was in_progress by then/,
        ),
      },
    ]);
    expect(bob.adriftJson<{ id: string }>(["show", "RN-1"]).id).toBe(anaRule.id);

    const human = bob.adrift(["validate"]);
    expect(human.code).toBe(0);
    const at = positionOf(bob, bobMove.event_id);
    expect(human.stdout).toContain(
      `${at.file}:${at.line}: warning [transition_mismatch] story ST-1`,
    );
    expect(human.stdout).toContain("ok: ");
  });

  it("reports an affects entry naming a story the branch never had (a cherry-picked question)", () => {
    const origin = originWithStory();
    const ana = cloneOf(origin, "Ana Souza", "ana@example.com");
    ana.git("checkout", "-q", "-b", "refunds-v2");
    const story = ana.adriftJson<{ id: string }>([
      "story",
      "add",
      "V2",
      "--epic",
      "EP-1",
      "--key",
      "ST-2",
    ]);
    commitAll(ana, "story v2");
    ana.adriftJson(["session", "start", "--title", "questions"]);
    const asked = ana.adriftJson<{ id: string }>([
      ...["question", "ask", "Keep the old codes?", "--affects", "story:ST-2,story:ST-1"],
    ]);
    commitAll(ana, "question");
    ana.git("checkout", "-q", "main");
    ana.git("cherry-pick", "refunds-v2");

    const result = ana.adrift(["validate"]);
    expect(result.code).toBe(2);
    const at = positionOf(ana, asked.id);
    expect(result.stdout.split("\n")).toContain(
      `${at.file}:${at.line}: error [unknown_list_reference] data.affects.stories names ${story.id}, which no event in the log created`,
    );
    expect(result.stdout).toMatch(/^invalid: .* 1 error\(s\), 0 warning\(s\)$/m);
  });
});
