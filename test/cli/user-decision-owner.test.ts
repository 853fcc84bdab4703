// An agent cannot rewrite a user's decision: a decision recorded from a user's answer to an open
// question is amended or superseded only by that user, as a person — not from an agent's shell
// (even with --as), not through MCP, not by another person; a line forged into the log is left
// out of every projection and reported by `validate`, and `validate --against` fails on it.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openRepository } from "../../src/index.js";
import { connectMcp, errorCode } from "../support/mcp.js";
import { makeRepo, type TestRepo, testEnv } from "../support/repo.js";

const ANSWER = "Arredondar meio para cima, sempre";
const AGENT = testEnv({ CLAUDECODE: "1" });

/** Ana's story, her question about it, and her answer: the user decision. */
function answered() {
  const repo = makeRepo();
  const { id: epic } = repo.adriftJson<{ id: string }>(["epic", "add", "Billing"]);
  const { id: story } = repo.adriftJson<{ id: string }>([
    "story",
    "add",
    "Invoices",
    "--epic",
    epic,
  ]);
  const { id: question } = repo.adriftJson<{ id: string }>([
    ...["question", "ask", "Round half up or half even?", "--affects", `story:${story}`],
  ]);
  const { decision_id: decision } = repo.adriftJson<{ decision_id: string }>([
    ...["question", "answer", question, "--answer", ANSWER],
  ]);
  const base = repo.commit("Ana's answer");
  return { repo, story, question, decision, base };
}

/** Every log line, as text. */
const logText = (repo: TestRepo) => {
  const dir = path.join(repo.dir, ".decisions/log");
  return readdirSync(dir)
    .sort()
    .map((f) => readFileSync(path.join(dir, f), "utf8"))
    .join("");
};

const contextOf = (repo: TestRepo, story: string) =>
  repo.adrift(["context", "--story", story]).stdout;

const shownOutcome = (repo: TestRepo, id: string) =>
  repo.adriftJson<{ record: { card: { outcome: string } } }>(["show", id]).record.card.outcome;

describe("a decision that answers a user's question", () => {
  it("is not amended or superseded from an agent's shell, even with --as the user", () => {
    const { repo, story, decision } = answered();
    const { id: other } = repo.adriftJson<{ id: string }>(["decision", "record", "--outcome", "x"]);
    const before = logText(repo);
    for (const as of [[], ["--as", "ana@example.com"], ["--as", "Ana Souza <ana@example.com>"]]) {
      for (const args of [
        ["intent", "amend", decision, "--outcome", "Truncar: o agente decidiu"],
        ["decision", "supersede", decision, "--by", other],
      ]) {
        const result = repo.adrift([...args, ...as, "--json"], { env: AGENT });
        expect(result.code, `${args.join(" ")} ${as.join(" ")}`).toBe(5);
        const error = JSON.parse(result.stderr).error;
        expect(error.code).toBe("only_session_author");
        expect(error.message).toContain("ana@example.com");
      }
    }
    expect(logText(repo)).toBe(before);
    expect(contextOf(repo, story)).toContain(ANSWER);
    expect(shownOutcome(repo, decision)).toBe(ANSWER);
  });

  it("is not amended through MCP", async () => {
    const { repo, story, decision } = answered();
    const before = logText(repo);
    const mcp = await connectMcp(repo.dir, { name: "claude-code" });
    const result = await mcp.call("amend_intent_card", {
      target_id: decision,
      changes: { outcome: "Truncar: o agente decidiu" },
    });
    expect(errorCode(result)).toBe("only_session_author");
    expect(logText(repo)).toBe(before);
    expect(contextOf(repo, story)).toContain(ANSWER);
  });

  it("is not amended or superseded by another person; its answerer may do both", () => {
    const { repo, story, decision } = answered();
    const { id: other } = repo.adriftJson<{ id: string }>(["decision", "record", "--outcome", "x"]);
    const bia = ["--as", "Bia Lima <bia@example.com>"];
    expect(repo.adrift(["intent", "amend", decision, "--outcome", "Bia's", ...bia]).code).toBe(5);
    expect(repo.adrift(["decision", "supersede", decision, "--by", other, ...bia]).code).toBe(5);
    // Ana, in her own shell.
    repo.adriftJson(["intent", "amend", decision, "--outcome", "Meio para cima, exceto em BRL"]);
    expect(contextOf(repo, story)).toContain("Meio para cima, exceto em BRL");
    repo.adriftJson(["decision", "supersede", decision, "--by", other]);
    expect(repo.adriftJson<{ record: { status: string } }>(["show", decision]).record.status).toBe(
      "superseded",
    );
  });

  it("a forged amendment or supersession in the log is ignored, and validate reports it", () => {
    const { repo, story, decision, base } = answered();
    const { id: other } = repo.adriftJson<{ id: string }>(["decision", "record", "--outcome", "x"]);
    const file = path.join(
      repo.dir,
      ".decisions/log",
      readdirSync(path.join(repo.dir, ".decisions/log")).sort()[0]!,
    );
    const last = JSON.parse(readFileSync(file, "utf8").trim().split("\n").at(-1)!);
    const envelope = {
      schema_version: 1,
      at: last.at,
      session_id: last.session_id,
      actor: { kind: "agent", name: "claude-code", email: "ana@example.com" },
    };
    const forged = [
      {
        ...envelope,
        id: "01Z00000000000000000000001",
        type: "intent_card_amended",
        data: { target_id: decision, changes: { outcome: "Truncar: o agente decidiu" } },
      },
      {
        ...envelope,
        id: "01Z00000000000000000000002",
        type: "decision_superseded",
        actor: { kind: "human", name: "Bia", email: "bia@example.com" },
        data: { decision_id: decision, superseded_by: other },
      },
    ];
    writeFileSync(
      file,
      `${readFileSync(file, "utf8")}${forged.map((e) => JSON.stringify(e)).join("\n")}\n`,
    );
    expect(shownOutcome(repo, decision)).toBe(ANSWER);
    expect(repo.adriftJson<{ record: { status: string } }>(["show", decision]).record.status).toBe(
      "active",
    );
    expect(contextOf(repo, story)).toContain(ANSWER);
    expect(contextOf(repo, story)).not.toContain("Truncar");
    const validated = repo.adrift(["validate", "--json"]);
    const report = JSON.parse(validated.stdout) as {
      problems: { line: number; code: string; severity: string; message: string }[];
    };
    const lines = readFileSync(file, "utf8").trim().split("\n").length;
    expect(report.problems.filter((p) => p.code === "not_by_answerer")).toEqual([
      expect.objectContaining({ line: lines - 1, severity: "warning" }),
      expect.objectContaining({ line: lines, severity: "warning" }),
    ]);
    // In CI, lines added since the base that change a user's decision fail the check.
    repo.commit("forged");
    const against = repo.adrift(["validate", "--against", base, "--json"]);
    expect(against.code).toBe(2);
    const errors = (JSON.parse(against.stdout) as typeof report).problems.filter(
      (p) => p.code === "not_by_answerer" && p.severity === "error",
    );
    expect(errors.map((p) => p.line)).toEqual([lines - 1, lines]);
  });

  it("validate --against fails on an amendment claiming the answerer but committed by someone else", () => {
    const { repo, decision, base } = answered();
    // Bia writes a line that says it is Ana's, and commits it as herself.
    const file = path.join(
      repo.dir,
      ".decisions/log",
      readdirSync(path.join(repo.dir, ".decisions/log")).sort()[0]!,
    );
    const last = JSON.parse(readFileSync(file, "utf8").trim().split("\n").at(-1)!);
    const forged = {
      ...last,
      // the newest millisecond of the log, after its last event: not dated ahead of any clock
      id: `${last.id.slice(0, 10)}ZZZZZZZZZZZZZZZZ`,
      type: "intent_card_amended",
      data: { target_id: decision, changes: { outcome: "Bia's words, in Ana's name" } },
    };
    writeFileSync(file, `${readFileSync(file, "utf8")}${JSON.stringify(forged)}\n`);
    repo.git("add", "-A");
    repo.git("-c", "user.name=Bia", "-c", "user.email=bia@example.com", "commit", "-qm", "forge");
    const against = repo.adrift(["validate", "--against", base, "--json"]);
    expect(against.code).toBe(2);
    const problems = (
      JSON.parse(against.stdout) as { problems: { code: string; message: string }[] }
    ).problems;
    expect(problems).toContainEqual(
      expect.objectContaining({
        code: "not_by_answerer",
        message: expect.stringContaining("bia@example.com"),
      }),
    );
    // The same line committed by Ana passes.
    repo.git("reset", "-q", "--soft", "HEAD~1");
    repo.git("commit", "-qm", "Ana's own amendment");
    expect(repo.adrift(["validate", "--against", base]).code).toBe(0);
  });

  it("an agent cannot record a decision as a user's one through the library (affects, question_id)", async () => {
    const { repo, story, question } = answered();
    const before = logText(repo);
    const api = await openRepository(repo.dir, { env: AGENT });
    for (const extra of [
      { affects: { rules: [], stories: [story], tasks: [] } },
      { question_id: question },
    ])
      await expect(
        api.recordDecision({ outcome: "Truncar", trivial: true, ...extra }),
      ).rejects.toMatchObject({ code: "only_session_author" });
    expect(logText(repo)).toBe(before);
    expect(contextOf(repo, story)).not.toContain("Truncar");
  });
});
