import { describe, expect, it } from "vitest";
import { makeRepo, testEnv } from "../support/repo.js";

describe.each(["cli", "embedded"])(
  "adrift stale as a reader reads it, %s git adapter",
  (adapter) => {
    const env = testEnv({ ADRIFT_GIT: adapter });

    it("says what each record it shows is about: its outcome under its id", () => {
      const repo = makeRepo();
      repo.commit("code", {
        "src/adr-new": "#!/bin/sh\nls | sort | tail -1\n",
        "src/other": "x\n",
      });
      repo.adrift(["init"], { env });
      const record = (outcome: string, file: string) =>
        repo.adriftJson<{ id: string }>(
          ["decision", "record", "--outcome", outcome, "--trivial", "--path", file],
          { env },
        ).id;
      const numbering = record("ADR files are numbered by scanning the directory", "src/adr-new");
      const untouched = record("Other stays as it is \u202Eevil", "src/other");
      repo.commit("records");
      repo.commit("tweak numbering", { "src/adr-new": "#!/bin/sh\nls | sort -n | tail -1\n" });
      const human = repo.adrift(["stale"], { env });
      expect(human.code).toBe(0);
      const lines = human.stdout.split("\n");
      const at = lines.findIndex((l) => l.includes(numbering));
      expect(lines[at]).toMatch(/^stale\s+decision /);
      expect(lines[at + 1]).toBe("    ADR files are numbered by scanning the directory");
      expect(lines[at + 2]).toMatch(/^\s+modified\s+src\/adr-new$/);
      // A fresh record is not listed, so its outcome is not either.
      expect(human.stdout).not.toContain(untouched);
      expect(human.stdout).not.toContain("Other stays");
      // --json is unchanged: findings carry ids, the outcomes are in adrift show.
      const json = repo.adrift(["stale", "--json"], { env });
      expect(json.stdout).not.toContain("ADR files are numbered");
    });

    it("a control character in an outcome is shown escaped, never raw", () => {
      const repo = makeRepo();
      repo.commit("code", { "src/a.ts": "export const a = 1;\n" });
      repo.adrift(["init"], { env });
      repo.adriftJson(
        [
          "decision",
          "record",
          "--outcome",
          "a is \u202Eone\u001b[31m",
          "--trivial",
          "--path",
          "src/a.ts",
        ],
        { env },
      );
      repo.commit("record");
      repo.commit("change", { "src/a.ts": "export const a = 2;\n" });
      const human = repo.adrift(["stale"], { env }).stdout;
      expect(human).toContain("    a is \\342\\200\\256one\\033[31m");
      expect(human.includes("\u202e") || human.includes("\u001b")).toBe(false);
    });
  },
);
