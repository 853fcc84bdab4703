import { describe, expect, it } from "vitest";
import { makeRepo, testEnv } from "../support/repo.js";

describe.each(["cli", "embedded"])(
  "review --apply as readers write verdicts, %s git adapter",
  (adapter) => {
    const env = testEnv({ ADRIFT_GIT: adapter });

    it("reads a verdicts file a Windows editor saved: a byte-order mark and CRLF line ends", () => {
      const repo = makeRepo();
      repo.commit("code", { "src/a.ts": "export const a = 1;\n" });
      repo.adrift(["init"], { env });
      const { id } = repo.adriftJson<{ id: string }>(
        ["decision", "record", "--outcome", "a is one", "--trivial", "--path", "src/a.ts"],
        { env },
      );
      repo.commit("record");
      repo.commit("change", { "src/a.ts": "export const a = 2;\n" });
      // PowerShell 5's Out-File and Notepad's "UTF-8 with BOM" start the file with U+FEFF.
      repo.write(
        "verdicts.ndjson",
        `\uFEFF${JSON.stringify({ id, action: "reverify", note: "checked a is still one" })}\r\n\r\n`,
      );
      const applied = repo.adrift(["review", "--apply", "verdicts.ndjson"], { env });
      expect(applied.stderr).toBe("");
      expect(applied.code).toBe(0);
      expect(applied.stdout).toContain(`ok  reverify  ${id.slice(0, 10)}`);
      const stale = repo.adriftJson<{ findings: { record_id: string; state: string }[] }>(
        ["stale"],
        { env },
      );
      expect(stale.findings.find((f) => f.record_id === id)?.state).toBe("fresh");
    });
  },
);

describe.each(["cli", "embedded"])(
  "card files as readers write them, %s git adapter",
  (adapter) => {
    const env = testEnv({ ADRIFT_GIT: adapter });

    it("decision record --file reads a card saved with a byte-order mark", () => {
      const repo = makeRepo();
      repo.commit("code", { "src/a.ts": "export const a = 1;\n" });
      repo.adrift(["init"], { env });
      repo.write(
        "card.json",
        `\uFEFF${JSON.stringify({ card: { outcome: "a is one" }, trivial: true, touched_paths: ["src/a.ts"] })}\r\n`,
      );
      const recorded = repo.adrift(["decision", "record", "--file", "card.json", "--json"], {
        env,
      });
      expect(recorded.stderr).toBe("");
      expect(recorded.code).toBe(0);
      const { id } = JSON.parse(recorded.stdout) as { id: string };
      const shown = repo.adriftJson<{ record: { card: { outcome: string } } }>(["show", id], {
        env,
      });
      expect(JSON.stringify(shown)).toContain("a is one");
    });
  },
);
