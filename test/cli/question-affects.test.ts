// Questions about code and decisions, and the records a story carries out, reach the right places.
import { describe, expect, it } from "vitest";
import { openRepository } from "../../src/app/repository.js";
import { makeRepo, testEnv } from "../support/repo.js";

const agent = testEnv({ CLAUDECODE: "1" });
const COMPLETE = ["--trigger", "t", "--chosen", "c", "--rationale", "r", "--considered", "x :: y"];

describe("questions that affect paths and decisions", () => {
  it("shows in a pull request's comment the open questions about its files or their governing decisions", async () => {
    const repo = makeRepo();
    repo.commit("code", {
      "src/auth/login.ts": "login v1\n",
      "src/billing/invoice.ts": "invoice v1\n",
      "lib/other.ts": "other\n",
    });
    const auth = repo.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      "Login checks the session cache first",
      ...COMPLETE,
      "--path",
      "src/auth/",
    ]).id;
    const ask = (text: string, affects: string) =>
      repo.adriftJson<{ id: string; affects: { paths?: string[]; decisions?: string[] } }>([
        "question",
        "ask",
        text,
        "--affects",
        affects,
      ]);
    const billing = ask("Are invoices in BRL only?", "path:src/billing/");
    expect(billing.affects.paths).toEqual(["src/billing/"]);
    const cache = ask("Does the cache expire?", `decision:${auth.slice(0, 12)}`);
    expect(cache.affects.decisions).toEqual([auth]);
    const elsewhere = ask("Is lib/ vendored?", "path:lib/");
    repo.commit("records");
    repo.git("checkout", "-q", "-b", "feature");
    repo.commit("change", {
      "src/auth/login.ts": "login v2\n",
      "src/billing/invoice.ts": "invoice v2\n",
    });
    const model = repo.adriftJson<{ questions: { id: string }[]; body: string }>([
      "pr-comment",
      "--base",
      "main",
    ]);
    expect(model.questions.map((q) => q.id).sort()).toEqual([billing.id, cache.id].sort());
    expect(model.body).toContain("Are invoices in BRL only?");
    expect(model.body).not.toContain("Is lib/ vendored?");
    expect(model.questions.map((q) => q.id)).not.toContain(elsewhere.id);
    expect(repo.adrift(["question", "show", billing.id]).stdout).toContain("path:src/billing/");
    const api = await openRepository(repo.dir, { env: testEnv() });
    const about = async (paths: string[]) =>
      (await api.openQuestionsAffecting(paths)).map((q) => q.id);
    expect(await about(["src/billing/invoice.ts"])).toEqual([billing.id]);
    expect(await about(["src/auth/login.ts"])).toEqual([cache.id]);
    expect(await about(["README.md"])).toEqual([]);
    // An unknown decision is refused, and a path outside the repository too.
    expect(repo.adrift(["question", "ask", "x?", "--affects", "decision:01ZZZZZZZZ"]).code).toBe(2);
    expect(repo.adrift(["question", "ask", "x?", "--affects", "path:../up"]).code).toBe(2);
  });
});

describe("a story carries out recorded decisions", () => {
  it("gives its tasks the agent's card once a person confirmed it, as a user decision", () => {
    const repo = makeRepo({ name: "Ana Souza", email: "ana@example.com" });
    const card = repo.adriftJson<{ id: string }>(
      [
        "intent",
        "record",
        "--outcome",
        "Coupon codes are 6 digits",
        "--trigger",
        "support reads codes over the phone",
        "--chosen",
        "numeric, zero-padded",
      ],
      { env: agent },
    ).id;
    repo.adriftJson(["epic", "add", "Coupons", "--key", "EP-1"], { env: agent });
    repo.adriftJson(
      ["story", "add", "Coupon by code", "--epic", "EP-1", "--key", "ST-1", "--decision", card],
      { env: agent },
    );
    repo.adriftJson(["task", "add", "GET /:code", "--story", "ST-1", "--key", "TK-1"], {
      env: agent,
    });
    type Moved = { user_decisions: { decisions: { id: string; decided_by: string }[] } };
    // Proposed by the agent, not the user's word yet.
    expect(
      repo.adriftJson<Moved>(["task", "start", "TK-1"], { env: agent }).user_decisions.decisions,
    ).toEqual([]);
    repo.adriftJson(["intent", "confirm", card]);
    const review = repo.adriftJson<Moved>(["task", "review", "TK-1"], { env: agent });
    expect(review.user_decisions.decisions).toMatchObject([
      { id: card, decided_by: "ana@example.com" },
    ]);
    expect(repo.adrift(["context", "--task", "TK-1"]).stdout).toContain(
      "Coupon codes are 6 digits: numeric, zero-padded",
    );
    expect(
      repo.adrift(["story", "add", "S2", "--epic", "EP-1", "--decision", "01ZZZZZZZZ"]).code,
    ).toBe(2);
    // A story amended to carry the card out gives it to its tasks too.
    repo.adriftJson(["story", "add", "S3", "--epic", "EP-1", "--key", "ST-3"]);
    repo.adriftJson(["task", "add", "T3", "--story", "ST-3", "--key", "TK-3"]);
    repo.adriftJson(["story", "amend", "ST-3", "--decision", card.slice(0, 12)]);
    expect(
      repo.adriftJson<Moved>(["task", "start", "TK-3"]).user_decisions.decisions.map((d) => d.id),
    ).toEqual([card]);
  });
});
