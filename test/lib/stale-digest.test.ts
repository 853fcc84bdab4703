import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readStaleDigest, writeStaleDigest } from "../../src/adapters/stale-digest.js";
import type { StalenessReport } from "../../src/core/staleness/types.js";
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
describe("the stale digest", () => {
  it("keeps the stale findings for the log and HEAD they were computed for", () => {
    const gitDir = tempDir();
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
    const gitDir = tempDir();
    writeStaleDigest(gitDir, "key", {
      ...REPORT,
      notices: ["history unavailable for 1 record (…): compared fingerprints"],
    });
    expect(readStaleDigest(gitDir, "key", HEAD)).toBeUndefined();
  });

  it("still answers after its file was copied elsewhere and back (a CI cache restore)", () => {
    const gitDir = tempDir();
    writeStaleDigest(gitDir, "key", REPORT);
    const file = path.join(gitDir, "adrift/stale-digest.json");
    const bytes = readFileSync(file);
    rmSync(file);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytes);
    expect(readStaleDigest(gitDir, "key", HEAD)?.findings).toEqual([finding("R2", "stale")]);
  });

  it("is not written for a report without a HEAD", () => {
    const gitDir = tempDir();
    writeStaleDigest(gitDir, "key", { ...REPORT, head: "" });
    expect(readStaleDigest(gitDir, "key", "")).toBeUndefined();
  });
});
