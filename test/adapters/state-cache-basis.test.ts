import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readStateCacheEntry, writeStateCache } from "../../src/adapters/state-cache.js";
import { emptyState, type RecordView } from "../../src/core/project/state.js";
import { tempDir } from "../support/repo.js";

const plain = (value: unknown) =>
  JSON.parse(JSON.stringify(value, (_k, v) => (v instanceof Map ? [...v] : v)));

const basis = (revision: string, paths: string[]) => ({
  revision,
  touched_paths: paths,
  fingerprints: Object.fromEntries(paths.map((p) => [p, "0".repeat(40)])),
});

describe("the state cache and a record's original basis", () => {
  it("reads back what was written, the original basis that is the basis once", () => {
    const state = emptyState();
    const shared = basis("a".repeat(40), ["src/a.ts"]);
    const records: Partial<RecordView>[] = [
      // as the fold makes a new record: one object for both
      { id: "R1", basis: shared, original_basis: shared },
      // equal, not the same object (read back from an older cache)
      {
        id: "R2",
        basis: basis("b".repeat(40), ["x/"]),
        original_basis: basis("b".repeat(40), ["x/"]),
      },
      // re-based since
      {
        id: "R3",
        basis: basis("c".repeat(40), ["y.ts"]),
        original_basis: basis("d".repeat(40), ["y.ts"]),
      },
      // recorded without a basis, based later
      { id: "R4", basis: basis("e".repeat(40), ["z.md"]) },
      // neither
      { id: "R5" },
    ];
    for (const r of records) state.records.set(r.id!, r as RecordView);
    const gitDir = tempDir("adrift-state-cache-");
    writeStateCache(gitDir, "key", state, "R5");
    const text = readFileSync(path.join(gitDir, "adrift", "state-cache.json"), "utf8");
    expect(text.split('"original_basis":"$basis"').length - 1).toBe(2);
    const read = readStateCacheEntry(gitDir);
    expect(read?.key).toBe("key");
    expect(plain(read!.state)).toEqual(plain(state));
    const back = (id: string) => read!.state.records.get(id)!;
    expect(back("R1").original_basis).toBe(back("R1").basis);
    expect(back("R2").original_basis).toBe(back("R2").basis);
    expect(back("R3").original_basis).not.toBe(back("R3").basis);
    expect("original_basis" in back("R4")).toBe(false);
  });
});
