import { describe, expect, it } from "vitest";
import { makeRepo } from "../support/repo.js";

describe("adrift session", () => {
  it("shows the implicit session of this author and branch with its records", () => {
    const repo = makeRepo();
    expect(repo.adrift(["session", "show", "--json"]).code).toBe(3);
    const { id } = repo.adriftJson<{ id: string }>([
      "intent",
      "record",
      "--outcome",
      "o",
      "--trigger",
      "t",
      "--trivial",
    ]);
    const shown = repo.adriftJson<{ session: { author: { email: string } }; records: string[] }>([
      "session",
      "show",
    ]);
    expect(shown.session.author.email).toBe("ana@example.com");
    expect(shown.records).toEqual([id]);
    repo.git("checkout", "-q", "-b", "other");
    expect(repo.adrift(["session", "show"]).code).toBe(3);
  });

  it("starts an explicit session that later records join", () => {
    const repo = makeRepo();
    const started = repo.adriftJson<{ id: string }>(["session", "start", "--title", "Спринт 7"]);
    repo.adriftJson(["intent", "record", "--outcome", "o", "--trigger", "t", "--trivial"]);
    const shown = repo.adriftJson<{ session: { id: string; title: string }; records: string[] }>([
      "session",
      "show",
      started.id,
    ]);
    expect(shown.session.title).toBe("Спринт 7");
    expect(shown.records).toHaveLength(1);
  });
});
