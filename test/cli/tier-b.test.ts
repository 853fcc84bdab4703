import { describe, expect, it } from "vitest";
import { logEvents } from "../support/mcp.js";
import { makeRepo } from "../support/repo.js";

describe("tier B fields people can use: set by flags or a file, shown by show and export", () => {
  it("records side effects, dependencies, a knowledge-base path and an ADR reference, and shows them", () => {
    const repo = makeRepo();
    const { id: workline } = repo.adriftJson<{ id: string }>(["workline", "open", "Cache"]);
    const { id } = repo.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      "Sessions cached 24h",
      "--trivial",
      "--side-effect",
      "logout takes up to 24h to reach every node",
      "--side-effect",
      "more memory per node",
      "--depends-on",
      "redis 7",
      "--kb-path",
      "kb/auth/sessions.md",
      "--adr-ref",
      "ADR-0007",
    ]);
    const event = logEvents(repo.dir).find((e) => e.id === id)!;
    expect(event.data.tier_b).toEqual({
      side_effects: ["logout takes up to 24h to reach every node", "more memory per node"],
      dependencies: ["redis 7"],
      kb_path: "kb/auth/sessions.md",
      adr_ref: "ADR-0007",
    });
    const shown = repo.adrift(["show", id]).stdout;
    expect(shown).toMatch(/side effect +logout takes up to 24h to reach every node/);
    expect(shown).toMatch(/side effect +more memory per node/);
    expect(shown).toMatch(/depends on +redis 7/);
    expect(shown).toMatch(/kb path +kb\/auth\/sessions\.md/);
    expect(shown).toMatch(/adr +ADR-0007/);
    const exported = repo.adriftJson<{ markdown: string }>([
      "export",
      "--workline",
      workline,
    ]).markdown;
    expect(exported).toContain(
      "**Side effects:** logout takes up to 24h to reach every node; more memory per node",
    );
    expect(exported).toContain("**Dependencies:** redis 7");
    expect(exported).toContain("**Knowledge base:** kb/auth/sessions.md");
    expect(exported).toContain("**ADR:** ADR-0007");
  });

  it("takes them from --file, a flag replacing the file's field", () => {
    const repo = makeRepo();
    const file = JSON.stringify({
      card: { outcome: "o", trigger: "t" },
      trivial: true,
      tier_b: { kb_path: "kb/a.md", dependencies: ["x"] },
    });
    const { id } = repo.adriftJson<{ id: string }>(
      ["intent", "record", "--file", "-", "--kb-path", "kb/b.md"],
      {
        input: file,
      },
    );
    expect(logEvents(repo.dir).find((e) => e.id === id)!.data.tier_b).toEqual({
      kb_path: "kb/b.md",
      dependencies: ["x"],
    });
  });
});
