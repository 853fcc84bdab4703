// Duplicate ids cannot take over: of two different lines with one id, the one the log's history
// holds first is kept (a later or forged line never replaces it); when history cannot tell, the
// id is refused. `validate` names both lines and never asks to delete the genuine one.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, type TestRepo, testEnv } from "../support/repo.js";

type Problem = { file: string; line: number; code: string; message: string };

const logDir = (repo: TestRepo) => path.join(repo.dir, ".decisions/log");
const onlyLogFile = (repo: TestRepo) =>
  readdirSync(logDir(repo))
    .filter((f) => f.endsWith(".events.ndjson"))
    .sort()[0]!;

/** The first line of Ana's log file, her session, re-written as Bia's with a smaller text. */
const forgedSession = (repo: TestRepo) => {
  const genuine = readFileSync(path.join(logDir(repo), onlyLogFile(repo)), "utf8").split("\n")[0]!;
  const event = JSON.parse(genuine);
  expect(event.type).toBe("session_started");
  const bia = { name: "Aaa", email: "bia@example.com" };
  const forged = JSON.stringify({
    ...event,
    actor: { kind: "human", ...bia },
    data: { ...event.data, author: bia },
  });
  // The rule that kept the lexically smaller text let this line win.
  expect(forged < genuine).toBe(true);
  return { genuine, forged, id: event.id as string };
};

describe.each(["cli", "embedded"])("with the %s git adapter", (adapter) => {
  const env = testEnv({ ADRIFT_GIT: adapter });
  const bia = testEnv({
    ADRIFT_GIT: adapter,
    GIT_AUTHOR_NAME: "Bia",
    GIT_AUTHOR_EMAIL: "bia@example.com",
    GIT_COMMITTER_NAME: "Bia",
    GIT_COMMITTER_EMAIL: "bia@example.com",
  });

  it("a forged session_started reusing a real session's id does not let another person answer its questions", () => {
    const repo = makeRepo();
    const { id: question } = repo.adriftJson<{ id: string }>(
      ["question", "ask", "Round half up?"],
      { env },
    );
    repo.commit("Ana's question");
    const { forged, id } = forgedSession(repo);
    writeFileSync(
      path.join(logDir(repo), "01zzzzzzzzzzzzzzzzzzzzzzzz.events.ndjson"),
      `${forged}\n`,
    );
    repo.git("add", "-A");
    expect(
      spawnSync("git", ["commit", "-qm", "Bia's file"], { cwd: repo.dir, env: bia }).status,
    ).toBe(0);

    const show = repo.adriftJson<{ answerable_by: string }>(["question", "show", question], {
      env,
    });
    expect(show.answerable_by).toBe("ana@example.com");
    const byBia = repo.adrift(
      ["question", "answer", question, "--answer", "no", "--as", "Bia <bia@example.com>", "--json"],
      { env },
    );
    expect(byBia.code).toBe(5);
    expect(JSON.parse(byBia.stderr).error.code).toBe("only_session_author");

    const validated = repo.adrift(["validate", "--json"], { env });
    expect(validated.code).toBe(2);
    const problems = (JSON.parse(validated.stdout) as { problems: Problem[] }).problems;
    const duplicates = problems.filter((p) => p.code === "duplicate_id");
    expect(duplicates).toEqual([
      expect.objectContaining({
        file: ".decisions/log/01zzzzzzzzzzzzzzzzzzzzzzzz.events.ndjson",
        line: 1,
        message: expect.stringContaining(
          `id ${id} is also used by a different event at .decisions/log/${onlyLogFile(repo)}:1, which came first`,
        ),
      }),
    ]);
    expect(repo.adrift(["question", "answer", question, "--answer", "yes"], { env }).code).toBe(0);
  });

  it("lines of one id added on two branches are refused, whichever way a union merge ordered them", () => {
    const results = ["feature", "main"].map((into) => {
      const repo = makeRepo();
      repo.adriftJson(["init"], { env });
      repo.adriftJson(["question", "ask", "Round half up?"], { env });
      const base = repo.commit("Ana's question");
      const file = path.join(logDir(repo), onlyLogFile(repo));
      const { genuine } = forgedSession(repo);
      const event = JSON.parse(genuine);
      const variant = (title: string) =>
        JSON.stringify({
          ...event,
          id: "01KQ0000000000000000000001",
          type: "epic_created",
          data: { title },
        });
      repo.git("checkout", "-q", "-b", "feature");
      writeFileSync(file, `${readFileSync(file, "utf8")}${variant("Billing")}\n`);
      repo.commit("feature");
      repo.git("checkout", "-q", "main");
      writeFileSync(file, `${readFileSync(file, "utf8")}${variant("Invoices")}\n`);
      repo.commit("main");
      if (into === "feature") {
        repo.git("checkout", "-q", "feature");
        repo.git("merge", "-q", "--no-edit", "main");
      } else repo.git("merge", "-q", "--no-edit", "feature");
      const lines = readFileSync(file, "utf8").trim().split("\n");
      const { epics } = repo.adriftJson<{ epics: unknown[] }>(["epic", "list"], { env });
      const problems = (
        JSON.parse(repo.adrift(["validate", "--json"], { env }).stdout) as { problems: Problem[] }
      ).problems.filter((p) => p.code === "duplicate_id");
      expect(base).toBeTruthy();
      return { order: lines.slice(-2).map((l) => JSON.parse(l).data.title), epics, problems };
    });
    // The merges left the two lines in opposite orders…
    expect(results[0]!.order).toEqual([...results[1]!.order].reverse());
    for (const { epics, problems } of results) {
      // …and both clones refuse the id alike.
      expect(epics).toEqual([]);
      expect(problems).toHaveLength(2);
      for (const p of problems) expect(p.message).toMatch(/neither is used/);
    }
  });
});
