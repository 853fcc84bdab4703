import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readStaleDigest, writeStaleDigest } from "../../src/adapters/stale-digest.js";
import type { StalenessReport } from "../../src/core/rules/staleness-types.js";
import { finding as fresh } from "../support/findings.js";
import { tempDir } from "../support/repo.js";

const HEAD = "a".repeat(40);
const finding = (record_id: string, state: "fresh" | "stale") => fresh(record_id, { state });
const REPORT: StalenessReport = {
  head: HEAD,
  notices: [],
  findings: [finding("R1", "fresh"), finding("R2", "stale")],
};

/** A git dir whose staleness engine left its two cache files. */
function gitDirWithEngineCache(): { gitDir: string; touch: (name: string) => void } {
  const gitDir = tempDir();
  const dir = path.join(gitDir, "adrift");
  mkdirSync(dir, { recursive: true });
  let writes = 0;
  // Each write is longer than the last: the stat identity changes even within one clock tick.
  const touch = (name: string) =>
    writeFileSync(path.join(dir, name), JSON.stringify({ n: "x".repeat(++writes) }));
  touch("stale-cache.json");
  touch("stale-report.json");
  return { gitDir, touch };
}

describe("the stale digest", () => {
  it("keeps the stale findings while the log, HEAD and the engine's cache are unchanged", () => {
    const { gitDir } = gitDirWithEngineCache();
    writeStaleDigest(gitDir, "key", REPORT);
    expect(readStaleDigest(gitDir, "key", HEAD)).toEqual({
      ...REPORT,
      findings: [finding("R2", "stale")],
    });
    expect(readStaleDigest(gitDir, "other key", HEAD)).toBeUndefined();
    expect(readStaleDigest(gitDir, "key", "b".repeat(40))).toBeUndefined();
  });

  it("answers nothing for a report that did without history for some records", () => {
    // A fetch may have brought that history since: the engine checks, the digest cannot.
    const { gitDir } = gitDirWithEngineCache();
    writeStaleDigest(gitDir, "key", {
      ...REPORT,
      notices: ["history unavailable for 1 record (…): compared fingerprints"],
    });
    expect(readStaleDigest(gitDir, "key", HEAD)).toBeUndefined();
  });

  it("answers nothing once the engine rewrote either cache file", () => {
    for (const name of ["stale-cache.json", "stale-report.json"]) {
      const { gitDir, touch } = gitDirWithEngineCache();
      writeStaleDigest(gitDir, "key", REPORT);
      touch(name);
      expect(readStaleDigest(gitDir, "key", HEAD), name).toBeUndefined();
    }
  });

  it("is not written without the engine's cache files to key it by", () => {
    const gitDir = tempDir();
    writeStaleDigest(gitDir, "key", REPORT);
    expect(readStaleDigest(gitDir, "key", HEAD)).toBeUndefined();
  });
});
