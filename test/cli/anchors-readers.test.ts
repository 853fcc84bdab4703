import { describe, expect, it } from "vitest";
import { makeRepo, testEnv } from "../support/repo.js";

type Stale = { findings: { record_id: string; state: string }[] };

describe.each(["cli", "embedded"])(
  "anchors in files as editors save them, %s git adapter",
  (adapter) => {
    const env = testEnv({ ADRIFT_GIT: adapter });

    it("a key path in a package.json that starts with a byte-order mark is an anchor, not the whole file", () => {
      const repo = makeRepo();
      const pkg = (node: string, name: string) =>
        `\uFEFF{\r\n  "name": "${name}",\r\n  "engines": { "node": "${node}" }\r\n}\r\n`;
      repo.commit("package", { "package.json": pkg(">=20", "tiny") });
      repo.adrift(["init"], { env });
      const recorded = repo.adrift(
        [
          "decision",
          "record",
          "--outcome",
          "Node 20 is the floor",
          "--trivial",
          "--path",
          "package.json#engines.node",
          "--json",
        ],
        { env },
      );
      expect(recorded.code).toBe(0);
      expect(recorded.stderr).not.toContain("does not parse");
      const { id } = JSON.parse(recorded.stdout) as { id: string };
      repo.commit("record");
      // Another key changes: the anchor's value did not, so the record is only touched.
      repo.commit("rename", { "package.json": pkg(">=20", "tiny-dates") });
      const state = () =>
        repo.adriftJson<Stale>(["stale"], { env }).findings.find((f) => f.record_id === id)?.state;
      expect(state()).toBe("touched");
      repo.commit("node 22", { "package.json": pkg(">=22", "tiny-dates") });
      expect(state()).toBe("stale");
    });
  },
);
