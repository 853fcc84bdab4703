import { describe, expect, it } from "vitest";
import { connectMcp } from "../support/mcp.js";
import { makeRepo, testEnv } from "../support/repo.js";

type Created = { id: string };

const firstId = (repo: ReturnType<typeof makeRepo>) =>
  repo.adriftJson<{ records: { id: string }[] }>(["list"]).records[0]!.id;

const text = (result: { content: unknown }) =>
  (result.content as { type: string; text: string }[]).map((c) => c.text).join("\n");

describe("the agent is told what a person must see", () => {
  it("create_story with an open question says so in the text content, not only in structuredContent", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir, { name: "claude-code" });
    await mcp.ok("declare_open_question", { question: "Round half up or half even?" });
    const rule = await mcp.ok<Created>("record_business_rule", {
      title: "Amounts in cents",
      text: "Every amount is stored as integer cents.",
    });
    const epic = await mcp.ok<Created>("create_epic", { title: "Billing" });
    const result = await mcp.call("create_story", {
      epic_id: epic.id,
      title: "Pay an invoice",
      functional_requirements: ["pay an invoice in BRL"],
      definition_of_done: ["paid invoices show in the statement"],
      definition_of_ready: ["rates source agreed"],
      business_rule_ids: [rule.id],
    });
    const warnings = (result.structuredContent as { warnings: string[] }).warnings;
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("1 question still open");
    expect(text(result)).toContain("as ready");
    expect(text(result)).toContain(`tell the user: ${warnings[0]}`);

    const card = await mcp.ok<Created>("record_intent_card", {
      card: { outcome: "Retry webhooks", trigger: "lost events" },
      trivial: true,
    });
    const amended = await mcp.call("amend_intent_card", {
      target_id: card.id,
      changes: { trigger: "lost 3 events" },
    });
    expect(text(amended)).toContain("proposed again until the user confirms it");
  });

  it("an agent recording from its shell is told the card waits for the person's consent; a person is not", () => {
    const repo = makeRepo();
    const agent = testEnv({ CLAUDECODE: "1" });
    const args = [
      "intent",
      "record",
      "--outcome",
      "Retry webhooks",
      "--trigger",
      "lost",
      "--trivial",
    ];
    const shown = repo.adrift(args, { env: agent });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/proposed: it waits for the person's consent/);
    expect(shown.stdout).toContain("adrift intent confirm");
    const json = repo.adriftJson<{ consent: string; waits_for: string }>(args, { env: agent });
    expect(json.consent).toBe("proposed");
    expect(json.waits_for).toContain("you cannot confirm it yourself");

    const amended = repo.adrift(["intent", "amend", firstId(repo), "--trigger", "lost 3 events"], {
      env: agent,
    });
    expect(amended.stdout).toContain("proposed again: it waits for the person's consent");

    const person = repo.adrift(args);
    expect(person.stdout).not.toContain("consent");
    expect(repo.adriftJson<{ consent: string }>(args).consent).toBe("confirmed");
  });

  it("from an agent's shell, a story made ready with questions open says: tell the user", () => {
    const repo = makeRepo();
    const agent = testEnv({ CLAUDECODE: "1" });
    repo.adriftJson(["question", "ask", "Round half up or half even?"]);
    const rule = repo.adriftJson<{ id: string }>(["rule", "add", "Cents", "--text", "integer"]);
    const epic = repo.adriftJson<{ id: string }>(["epic", "add", "Billing"]);
    const story = [
      "story",
      "add",
      "Pay an invoice",
      "--epic",
      epic.id,
      "--rule",
      rule.id,
      "--rf",
      "pay in BRL",
      "--dod",
      "shows in the statement",
      "--dor",
      "rates agreed",
    ];
    const byAgent = repo.adrift(story, { env: agent });
    expect(byAgent.code).toBe(0);
    expect(byAgent.stdout).toMatch(/tell the user: 1 question still open/);
    const byPerson = repo.adrift(story);
    expect(byPerson.stdout).toMatch(/warning: 1 question still open/);
  });
});
