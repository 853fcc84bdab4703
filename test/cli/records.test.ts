import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo } from "../support/repo.js";

const logFiles = (dir: string) =>
  readdirSync(path.join(dir, ".decisions/log")).filter((f) => f.endsWith(".events.ndjson"));

describe("recording from the CLI", () => {
  it("records an intent card with Unicode text and shows it back", () => {
    const repo = makeRepo();
    expect(repo.adrift(["init"]).code).toBe(0);
    const recorded = repo.adriftJson<{ id: string; incomplete: unknown[] }>([
      "intent",
      "record",
      "--outcome",
      "Faturas em reais 🇧🇷",
      "--trigger",
      "Клиенты жалуются на округление",
      "--chosen",
      "Decimal.js",
      "--rationale",
      "exact decimal arithmetic",
      "--considered",
      "float :: rounding errors",
    ]);
    expect(recorded.incomplete).toEqual([]);
    const shown = repo.adriftJson<{ record: { card: { outcome: string; trigger: string } } }>([
      "show",
      recorded.id.toLowerCase(),
    ]);
    expect(shown.record.card.outcome).toBe("Faturas em reais 🇧🇷");
    expect(shown.record.card.trigger).toBe("Клиенты жалуются на округление");
  });

  it("rejects an absolute path and writes nothing", () => {
    const repo = makeRepo();
    const result = repo.adrift([
      "decision",
      "record",
      "--outcome",
      "x",
      "--path",
      "/etc/passwd",
      "--json",
    ]);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stderr).error.code).toBe("validation_failed");
    expect(() => logFiles(repo.dir)).toThrow();
  });

  it("rejects '..' in a path", () => {
    const repo = makeRepo();
    const result = repo.adrift([
      "decision",
      "record",
      "--outcome",
      "x",
      "--path",
      "src/../../secret",
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/contains '\.\.'/);
  });

  it("says not_found with exit 3 for an unknown id", () => {
    const repo = makeRepo();
    const result = repo.adrift(["show", "01ZZZZZZZZ", "--json"]);
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stderr).error.code).toBe("not_found");
  });

  it("writes one file per session and branch, with the session started implicitly", () => {
    const repo = makeRepo();
    repo.adrift(["intent", "record", "--outcome", "a", "--trivial", "--trigger", "t"]);
    repo.adrift(["intent", "record", "--outcome", "b", "--trivial", "--trigger", "t"]);
    const files = logFiles(repo.dir);
    expect(files).toHaveLength(1);
    const lines = readFileSync(path.join(repo.dir, ".decisions/log", files[0]!), "utf8")
      .trim()
      .split("\n");
    expect(lines.map((l) => JSON.parse(l).type)).toEqual([
      "session_started",
      "intent_card_recorded",
      "intent_card_recorded",
    ]);
    repo.git("checkout", "-q", "-b", "feature");
    repo.adrift(["intent", "record", "--outcome", "c", "--trivial", "--trigger", "t"]);
    expect(logFiles(repo.dir)).toHaveLength(2);
  });
});
