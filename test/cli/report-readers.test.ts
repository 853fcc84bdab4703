import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, testEnv } from "../support/repo.js";

describe.each(["cli", "embedded"])(
  "reports as readers redirect them, %s git adapter",
  (adapter) => {
    const env = testEnv({ ADRIFT_GIT: adapter });

    it("the HTML report is the same page printed into a file as written with --out: a writing-direction override shown as <U+202E>, never as octal bytes", () => {
      const repo = makeRepo();
      repo.commit("code", {
        "src/add.ts": "export const add = (a: number, b: number) => a + b;\n",
      });
      repo.adrift(["init"], { env });
      repo.adriftJson(
        [
          "decision",
          "record",
          "--outcome",
          "Add stays pure \u202Eevil\u202C and \u2067isolated\u2069",
          "--trivial",
          "--path",
          "src/add.ts",
        ],
        { env },
      );
      repo.commit("record");
      const printed = repo.adrift(["report", "correspondence", "--format", "html"], { env });
      expect(printed.code).toBe(0);
      expect(
        repo.adrift(["report", "correspondence", "--format", "html", "--out", "report.html"], {
          env,
        }).code,
      ).toBe(0);
      const written = readFileSync(path.join(repo.dir, "report.html"), "utf8");
      expect(printed.stdout).toBe(written);
      expect(written).toContain("Add stays pure &lt;U+202E&gt;evil&lt;U+202C&gt;");
      expect(written).toContain("&lt;U+2067&gt;isolated&lt;U+2069&gt;");
      expect(written).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
      expect(written).not.toContain("\\342\\200\\256");
    });
  },
);
