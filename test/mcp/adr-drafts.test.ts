import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readFrontMatter } from "../../src/app/adr/front-matter.js";
import { connectMcp, errorCode } from "../support/mcp.js";
import { makeRepo } from "../support/repo.js";

type Brief = {
  clusters: {
    cluster: string;
    title: string;
    language: string;
    options: { name: string; chosen: boolean }[];
    fill: Record<string, unknown>;
  }[];
};
type Written = { draft: { path: string; title: string; result: string } };

const prose = (cluster: string) => ({
  cluster,
  context: [
    "During a sale the identity provider went down for 40 minutes and nobody could sign in. How do sessions outlive such an outage?",
  ],
  drivers: ["No personal data may be cached."],
  options: [
    {
      name: "Cache validated sessions for 24 hours",
      pros: ["Users stay signed in through an outage."],
      cons: [],
    },
    { name: "Extend token lifetime", pros: [], cons: ["Long-lived tokens cannot be revoked."] },
    {
      name: "status banner fed by the health check",
      pros: ["Users learn the cause at once."],
      cons: [],
    },
  ],
  outcome: [
    {
      option: "Cache validated sessions for 24 hours",
      outcome: "Sessions outlive an IdP outage.",
      why: "It is the cheapest option that keeps users signed in.",
    },
    {
      option: "Status banner fed by the health check",
      outcome: "Users see when the IdP is degraded.",
      why: "They see the cause at once.",
    },
  ],
  consequences: {
    good: ["Sign-in survives the IdP's outages."],
    bad: ["Each page calls the health endpoint once more."],
  },
  confirmation: ["A chaos test blocks the IdP for an hour."],
});

describe("adrift mcp: an agent writes an ADR draft, adrift checks it, a person accepts it", () => {
  it("cluster out, prose in, invented and dropped options refused, draft rendered, accepted by the person", async () => {
    const repo = makeRepo();
    repo.adriftJson(["workline", "open", "Sessions survive IdP outages"]);
    repo.adriftJson([
      ...[
        "intent",
        "record",
        "--outcome",
        "Sessions outlive an IdP outage",
        "--trigger",
        "Logins failed",
      ],
      ...["--chosen", "Cache validated sessions for 24 hours", "--rationale", "cheapest"],
      ...["--considered", "Extend token lifetime :: tokens could not be revoked"],
    ]);
    repo.adriftJson([
      ...[
        "decision",
        "record",
        "--outcome",
        "Banner when IdP degraded",
        "--trigger",
        "Users were lost",
      ],
      ...[
        "--chosen",
        "Status banner fed by the health check",
        "--rationale",
        "users see the cause",
      ],
      "--trivial",
    ]);
    const mcp = await connectMcp(repo.dir, { name: "claude-code" });
    // ADR drafting is a set the agent asks for (the default list holds what every agent uses)
    await mcp.ok("enable_toolsets", { toolsets: ["adr"] });
    const names = (await mcp.client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["adr_draft_clusters", "adr_draft_write"]));
    // Acceptance is a person's: the server offers no tool for it.
    expect(names.filter((n) => /accept/.test(n))).toEqual([]);

    const brief = await mcp.ok<Brief>("adr_draft_clusters");
    expect(brief.clusters).toHaveLength(1);
    const [cluster] = brief.clusters;
    expect(cluster).toMatchObject({ title: "Sessions survive IdP outages", language: "en" });
    expect(cluster!.options.map((o) => o.name).sort()).toEqual([
      "Cache validated sessions for 24 hours",
      "Extend token lifetime",
      "Status banner fed by the health check",
    ]);
    expect(Object.keys(cluster!.fill)).toEqual(
      expect.arrayContaining([
        "context",
        "drivers",
        "options",
        "outcome",
        "consequences",
        "confirmation",
      ]),
    );

    const good = prose(cluster!.cluster);
    const invented = await mcp.call("adr_draft_write", {
      ...good,
      options: [...good.options, { name: "Run our own IdP", pros: ["No outage"], cons: [] }],
    });
    expect(errorCode(invented)).toBe("validation_failed");
    expect(invented.structuredContent).toMatchObject({
      error: { details: { invented: ["Run our own IdP"] } },
    });
    const dropped = await mcp.call("adr_draft_write", {
      ...good,
      options: good.options.slice(0, 2),
    });
    expect(errorCode(dropped)).toBe("validation_failed");
    expect(dropped.structuredContent).toMatchObject({
      error: { details: { dropped: ["Status banner fed by the health check"] } },
    });

    const written = await mcp.ok<Written>("adr_draft_write", good);
    expect(written.draft).toMatchObject({
      result: "created",
      title: "Sessions survive IdP outages",
    });
    const text = readFileSync(path.join(repo.dir, written.draft.path), "utf8");
    expect(readFrontMatter(text, written.draft.path).data["drafted-by"]).toBe("agent");
    expect(text).toContain("During a sale the identity provider went down for 40 minutes");
    // The records' names of the options, whatever case the agent wrote them in.
    expect(text).toContain(
      "Chosen option: **Status banner fed by the health check**. They see the cause at once.",
    );
    expect(text).toContain("- **Bad:** Long-lived tokens cannot be revoked.");
    expect(text).toContain("## Provenance");

    // A later deterministic run keeps the agent's prose.
    const again = repo.adriftJson<{ drafts: { result: string }[] }>(["adr", "draft"]);
    expect(again.drafts.map((d) => d.result)).toEqual(["unchanged"]);
    expect(readFileSync(path.join(repo.dir, written.draft.path), "utf8")).toBe(text);

    const accepted = repo.adriftJson<{ number: number; path: string }>([
      "adr",
      "accept",
      written.draft.path,
    ]);
    expect(accepted.number).toBe(1);
    expect(readFileSync(path.join(repo.dir, accepted.path), "utf8")).toContain("drafted-by: agent");
  });
});
