import type { StaleFinding } from "../../src/core/staleness/types.js";

/** A staleness finding for tests: fresh, from history, nothing listed, unless `rest` says more. */
export const finding = (record_id: string, rest: Partial<StaleFinding> = {}): StaleFinding => ({
  record_id,
  kind: "decision",
  state: "fresh",
  recorded: false,
  commits: [],
  paths: [],
  method: "history",
  ...rest,
});
