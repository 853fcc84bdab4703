import { describe, expect, it } from "vitest";
import { makeRepo, testEnv } from "../support/repo.js";

describe.each(["cli", "embedded"])(
  "adr import as a newcomer runs it, %s git adapter",
  (adapter) => {
    const env = testEnv({ ADRIFT_GIT: adapter });

    it("says where it looked when it finds no ADR folder, and that a folder of folders holds no ADR files", () => {
      const repo = makeRepo();
      // joelparkerhenderson/architecture-decision-record keeps each example in a folder of its own.
      repo.commit("docs", {
        "locales/en/examples/go/index.md": "# Go\n",
        "locales/en/examples/rails/index.md": "# Rails\n",
      });
      repo.adrift(["init"], { env });
      const none = repo.adrift(["adr", "import"], { env });
      expect(none.code).toBe(0);
      expect(none.stdout).not.toContain("from no ADR folder found");
      expect(none.stdout).toContain("0 imported");
      expect(none.stderr).toContain(
        "note: no ADR folder found (looked in doc/adr, docs/decisions, docs/architecture/decisions, docs/adr, adr, decisions, .decisions): name yours, adrift adr import <dir>",
      );
      const json = repo.adriftJson<{ dirs: string[]; notes: string[] }>(["adr", "import"], { env });
      expect(json.dirs).toEqual([]);
      expect(json.notes[0]).toMatch(/^no ADR folder found/);

      const nested = repo.adrift(["adr", "import", "locales/en/examples"], { env });
      expect(nested.code).toBe(0);
      expect(nested.stderr).toContain(
        "note: locales/en/examples holds no Markdown file; adr import reads the files of one folder, not of its 2 subfolder(s): name the folder the ADRs are in",
      );
    });
  },
);
