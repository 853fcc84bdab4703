import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, type TestRepo } from "../support/repo.js";

type Draft = {
  path: string;
  title: string;
  cluster: string;
  record_ids: string[];
  result: string;
  placements: { record_id: string; why: string }[];
};

const card = (outcome: string, extra: string[] = []) => [
  "--outcome",
  outcome,
  "--trigger",
  `because of ${outcome}`,
  "--chosen",
  `way to ${outcome}`,
  "--rationale",
  "cheapest",
  "--considered",
  "nothing :: too slow",
  ...extra,
];

function recordIn(
  repo: TestRepo,
  kind: "intent" | "decision",
  outcome: string,
  extra: string[] = [],
) {
  const result = repo.adriftJson<{ id: string }>([kind, "record", ...card(outcome, extra)]);
  return result.id;
}

const files = (repo: TestRepo) =>
  Object.fromEntries(
    readdirSync(path.join(repo.dir, "docs/adr/drafts")).map((f) => [
      f,
      readFileSync(path.join(repo.dir, "docs/adr/drafts", f), "utf8"),
    ]),
  );

describe("adr draft clusters as people would", () => {
  it("a workline's card and decision make one draft titled by the workline; --explain says why", () => {
    const repo = makeRepo();
    repo.write("src/auth/session.ts", "x\n");
    repo.write("lib/log.ts", "x\n");
    repo.commit("code");
    repo.adriftJson(["workline", "open", "Sessions survive IdP outages", "--tag", "auth"]);
    const cardId = recordIn(repo, "intent", "Sessions outlive the IdP", ["--tag", "auth"]);
    const decisionId = recordIn(repo, "decision", "Cache sessions for 24 hours", [
      "--tag",
      "cache",
      "--path",
      "src/auth/session.ts",
    ]);
    repo.adriftJson(["workline", "close"]);
    // Two records that share a tag but govern unrelated code: two drafts, each its own title.
    const a = recordIn(repo, "decision", "Logs are JSON lines", [
      "--tag",
      "ops",
      "--path",
      "lib/log.ts",
    ]);
    const b = recordIn(repo, "decision", "Sessions are signed", [
      "--tag",
      "ops",
      "--path",
      "src/auth/session.ts",
    ]);
    const { drafts } = repo.adriftJson<{ drafts: Draft[] }>(["adr", "draft"]);
    const workline = drafts.find((d) => d.cluster.startsWith("workline:"))!;
    expect(workline).toMatchObject({
      title: "Sessions survive IdP outages",
      record_ids: [cardId, decisionId],
      path: "docs/adr/drafts/sessions-survive-idp-outages.md",
    });
    expect(
      drafts.filter((d) => d.cluster.startsWith("tag:ops")).map((d) => [d.title, d.record_ids]),
    ).toEqual([
      ["Logs are JSON lines", [a]],
      ["Sessions are signed", [b]],
    ]);
    expect(workline.placements[0]!.why).toContain(
      'recorded in the workline "Sessions survive IdP outages"',
    );
    const explained = repo.adrift(["adr", "draft", "--explain"]);
    expect(explained.code).toBe(0);
    expect(explained.stdout).toContain("2 records of the workline");
    expect(explained.stdout).toContain(
      'tagged "ops", but none of its paths overlap another record of that tag: unrelated code, a draft of its own',
    );
    const body = repo.read(workline.path);
    expect(body).not.toMatch(/belong together|stands alone|Nothing recorded|…/);
    expect(body).toContain("- Sessions outlive the IdP\n");
  });

  it("names a Russian-only draft by its transliteration, and a re-run changes nothing", () => {
    const repo = makeRepo();
    recordIn(repo, "intent", "Сессии переживают отказ провайдера входа");
    const first = repo.adriftJson<{ drafts: Draft[] }>(["adr", "draft"]).drafts;
    expect(first.map((d) => d.path)).toEqual([
      "docs/adr/drafts/sessii-perezhivayut-otkaz-provaydera-vhoda.md",
    ]);
    const before = files(repo);
    const log = () =>
      readdirSync(path.join(repo.dir, ".decisions/log"))
        .map((f) => readFileSync(path.join(repo.dir, ".decisions/log", f), "utf8"))
        .join("");
    const logBefore = log();
    const again = repo.adriftJson<{ drafts: Draft[] }>(["adr", "draft"]).drafts;
    expect(again.map((d) => d.result)).toEqual(["unchanged"]);
    expect(files(repo)).toEqual(before);
    expect(log()).toBe(logBefore);
  });
});
