// Input that says nothing is refused wherever it comes in (CLI, MCP, library): a question of
// whitespace, a business rule (or another backlog item) without a title, `--as ""`, an email or
// a name with a line break in it. Nothing is written.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openRepository } from "../../src/index.js";
import { connectMcp, errorCode } from "../support/mcp.js";
import { makeRepo, type TestRepo } from "../support/repo.js";

const logText = (repo: TestRepo): string => {
  const dir = path.join(repo.dir, ".decisions/log");
  if (!existsSync(dir)) return "";
  return readdirSync(dir)
    .map((f) => readFileSync(path.join(dir, f), "utf8"))
    .join("");
};

const BLANKS = ["", "   ", "\n\t ", "\u00a0\u3000"];

/** Runs the CLI and asserts a refusal with `code`, exit 2, and an unchanged log. */
const refused = (repo: TestRepo, args: string[], code: string) => {
  const before = logText(repo);
  const result = repo.adrift([...args, "--json"]);
  expect(result.code, `${args.join(" ")}: ${result.stderr}`).toBe(2);
  expect(JSON.parse(result.stderr).error.code).toBe(code);
  expect(logText(repo)).toBe(before);
  return JSON.parse(result.stderr).error.message as string;
};

describe("blank questions, titles and texts", () => {
  it("the CLI refuses a question of whitespace, a blank suggestion and blank titles", () => {
    const repo = makeRepo();
    repo.adrift(["rule", "add", "Rounding", "--text", "half up"]);
    for (const blank of ["", "  \n\t", "\u00a0\u3000"]) {
      expect(refused(repo, ["question", "ask", blank], "validation_failed")).toMatch(/question/);
      refused(
        repo,
        ["question", "ask", "Round half up?", "--suggest", blank || " "],
        "validation_failed",
      );
      expect(refused(repo, ["rule", "add", blank, "--text", "t"], "validation_failed")).toMatch(
        /title/,
      );
      refused(repo, ["rule", "add", "Title", "--text", blank], "validation_failed");
      refused(repo, ["epic", "add", blank], "validation_failed");
    }
    const { id: epic } = repo.adriftJson<{ id: string }>(["epic", "add", "Billing"]);
    const { id: story } = repo.adriftJson<{ id: string }>([
      "story",
      "add",
      "Invoices",
      "--epic",
      epic,
    ]);
    for (const blank of BLANKS) {
      refused(repo, ["story", "add", blank, "--epic", epic], "validation_failed");
      refused(repo, ["task", "add", blank, "--story", story], "validation_failed");
    }
    // A question with text around its whitespace is fine.
    expect(repo.adrift(["question", "ask", "  Round half up?  "]).code).toBe(0);
  });

  it("a needs_user_decision verdict with a blank question is refused", () => {
    const repo = makeRepo();
    const { id: rule } = repo.adriftJson<{ id: string }>(["rule", "add", "R", "--text", "t"]);
    const { id: epic } = repo.adriftJson<{ id: string }>(["epic", "add", "E"]);
    const { id: story } = repo.adriftJson<{ id: string }>([
      ...["story", "add", "S", "--epic", epic, "--rf", "f", "--dod", "d", "--dor", "r"],
      ...["--rule", rule],
    ]);
    const { id: task } = repo.adriftJson<{ id: string }>(["task", "add", "T", "--story", story]);
    repo.adriftJson(["task", "start", task]);
    repo.adriftJson(["task", "review", task]);
    refused(
      repo,
      ["verdict", task, "needs_user_decision", "--question", "  "],
      "validation_failed",
    );
  });

  it("MCP tools answer isError for a blank question or title, and write nothing", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir);
    for (const blank of BLANKS.filter(Boolean)) {
      const asked = await mcp.call("declare_open_question", { question: blank });
      expect(errorCode(asked)).toBe("validation_failed");
      const rule = await mcp.call("record_business_rule", { title: blank, text: "t" });
      expect(errorCode(rule)).toBe("validation_failed");
    }
    expect(errorCode(await mcp.call("record_business_rule", { title: "", text: "t" }))).toBe(
      "validation_failed",
    );
    expect(logText(repo)).toBe("");
  });

  it("the library refuses them with validation_failed", async () => {
    const repo = makeRepo();
    const api = await openRepository(repo.dir);
    await expect(api.askQuestion({ question: " \t" })).rejects.toMatchObject({
      code: "validation_failed",
    });
    await expect(api.addRule({ title: "", text: "t" })).rejects.toMatchObject({
      code: "validation_failed",
    });
    expect(logText(repo)).toBe("");
  });
});

describe("who is recording", () => {
  it('the CLI refuses --as "", and an email or a name with a line break', () => {
    const repo = makeRepo();
    const record = ["intent", "record", "--outcome", "o", "--trigger", "t", "--trivial"];
    for (const as of [
      "",
      "  ",
      "ana@example.com\nforged",
      "Ana\nSouza <ana@example.com>",
      "ana@exam\rple.com",
      "Ana <ana@example.com\n>",
    ])
      expect(refused(repo, [...record, "--as", as], "usage")).toMatch(/--as/);
    expect(logText(repo)).toBe("");
    // And what is refused for one command is refused for the MCP server too.
    const mcp = repo.adrift(["mcp", "--as", "ana@example.com\nforged"]);
    expect(mcp.code).toBe(2);
  });

  it("the library refuses an empty email and one with a control character", async () => {
    const repo = makeRepo();
    for (const actor of [
      { email: "" },
      { email: " " },
      { email: "a@b.c\nd" },
      { name: "A\u0000", email: "a@b.c" },
    ]) {
      const api = await openRepository(repo.dir, { actor });
      await expect(
        api.recordIntent({ outcome: "o", trigger: "t", trivial: true }),
      ).rejects.toMatchObject({
        code: "validation_failed",
      });
    }
    expect(logText(repo)).toBe("");
  });
});
