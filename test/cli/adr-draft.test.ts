import { readdirSync, readFileSync, writeFileSync } from "node:fs";
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
  it("a workline's records make one draft titled by the workline, whatever code they touch; --explain says why", () => {
    const repo = makeRepo();
    repo.write("src/auth/session.ts", "x\n");
    repo.write("src/http/s.ts", "x\n");
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
    const bannerId = recordIn(repo, "decision", "Banner when IdP degraded", [
      "--path",
      "src/http/s.ts",
    ]);
    repo.adriftJson(["workline", "close"]);
    // Two records that share a tag but govern unrelated code: neither is a draft yet.
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
    const { drafts, waiting } = repo.adriftJson<{
      drafts: Draft[];
      waiting: { record_id: string; reason: string }[];
    }>(["adr", "draft"]);
    expect(drafts).toHaveLength(1);
    const [workline] = drafts;
    expect(workline).toMatchObject({
      title: "Sessions survive IdP outages",
      record_ids: [cardId, decisionId, bannerId],
      path: "docs/adr/drafts/sessions-survive-idp-outages.md",
    });
    expect(waiting).toEqual([
      expect.objectContaining({ record_id: a, reason: "alone" }),
      expect.objectContaining({ record_id: b, reason: "alone" }),
    ]);
    expect(workline!.placements[0]!.why).toContain(
      'recorded in the workline "Sessions survive IdP outages"',
    );
    const explained = repo.adrift(["adr", "draft", "--explain"]);
    expect(explained.code).toBe(0);
    expect(explained.stdout).toContain("3 records of the workline");
    expect(explained.stdout).toContain("2 record(s) wait for a draft");
    expect(explained.stdout).toContain("shares no workline, tag or code with another record");
    // Asked for, a lone record is drafted, titled by its outcome.
    const asked = repo.adriftJson<{ drafts: Draft[] }>(["adr", "draft", "--record", a]).drafts;
    expect(asked.find((d) => d.record_ids[0] === a)).toMatchObject({
      title: "Logs are JSON lines",
      cluster: `record:${a}`,
    });
    const body = repo.read(workline!.path);
    expect(body).not.toMatch(/belong together|stands alone|Nothing recorded|…|because/);
    expect(body).toContain(
      "## Decision Outcome\n\n- **Sessions outlive the IdP.** Chosen option: **way to Sessions outlive the IdP**. Cheapest.\n",
    );
  });

  it("names a Russian-only draft by its transliteration, and a re-run changes nothing", () => {
    const repo = makeRepo();
    const id = recordIn(repo, "intent", "Сессии переживают отказ провайдера входа");
    const first = repo.adriftJson<{ drafts: Draft[] }>(["adr", "draft", "--record", id]).drafts;
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

  it("--for-agent hands out the fields; --from-agent takes them back, checked against the records", () => {
    const repo = makeRepo();
    repo.adriftJson(["workline", "open", "Logs can be searched"]);
    const id = recordIn(repo, "decision", "Logs are JSON lines");
    const brief = repo.adriftJson<{
      instructions: string;
      clusters: { cluster: string; fill: { options: { name: string }[] } }[];
    }>(["adr", "draft", "--for-agent"]);
    expect(brief.instructions).toContain("invent none");
    const [cluster] = brief.clusters;
    expect(cluster!.fill.options.map((o) => o.name)).toEqual([
      "way to Logs are JSON lines",
      "nothing",
    ]);
    const file = path.join(repo.dir, "prose.json");
    writeFileSync(file, JSON.stringify({ ...cluster!.fill, more: ["Written by an agent."] }));
    const written = repo.adriftJson<{ draft: Draft }>([
      "adr",
      "draft",
      "--from-agent",
      "prose.json",
    ]);
    expect(written.draft).toMatchObject({ record_ids: [id], title: "Logs can be searched" });
    const text = repo.read(written.draft.path);
    expect(text).toContain("drafted-by: agent");
    expect(text).toContain("## More Information\n\n- Written by an agent.");
    const invented = { ...cluster!.fill, options: [...cluster!.fill.options, { name: "Syslog" }] };
    writeFileSync(file, JSON.stringify(invented));
    const refused = repo.adrift(["adr", "draft", "--from-agent", "prose.json", "--json"]);
    expect(refused.code).toBe(2);
    expect(JSON.parse(refused.stderr).error).toMatchObject({
      code: "validation_failed",
      details: { invented: ["Syslog"], dropped: [] },
    });
    expect(repo.read(written.draft.path)).toBe(text);
  });
});
