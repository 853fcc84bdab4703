import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { readStateCacheEntry } from "../../../src/adapters/state-cache.js";
import { createContext } from "../../../src/app/dependencies.js";
import { loadProject } from "../../../src/app/log/load.js";
import { stateAfterGrowth } from "../../../src/app/log/state-after-growth.js";
import { loadReportState, logKey } from "../../../src/app/reports/state.js";
import { propertyOptions } from "../../support/property.js";
import { testEnv } from "../../support/repo.js";
import { makeSiteRepo, type SiteRepo, siteFiles } from "../../support/site-repo.js";

/** The state's maps as entries, for comparison. */
const plain = (value: unknown) =>
  JSON.parse(JSON.stringify(value, (_k, v) => (v instanceof Map ? [...v] : v)));

let site: SiteRepo;
beforeAll(() => {
  site = makeSiteRepo();
});

/** The log file holding most lines, absolute. */
function biggestLogFile(dir: string): string {
  const logDir = path.join(dir, ".decisions", "log");
  const files = readdirSync(logDir)
    .filter((f) => f.endsWith(".events.ndjson"))
    .map((f) => path.join(logDir, f));
  return files.sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
}

/** Every file below `dir`, relative, with its bytes. */
describe("the folded state carried across appends", () => {
  it("folds only what was appended, and gives what folding the whole log gives", () => {
    const file = biggestLogFile(site.repo.dir);
    const whole = readFileSync(file);
    const lines = whole.toString("utf8").split("\n").slice(0, -1);
    expect(lines.length).toBeGreaterThan(10);
    return fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: lines.length - 1 }), async (cut) => {
        const ctx = await createContext(site.repo.dir, { env: testEnv() });
        try {
          writeFileSync(file, `${lines.slice(0, cut).join("\n")}\n`);
          await loadReportState(ctx); // folds the shorter log whole and caches it
          writeFileSync(file, whole);
          const cached = readStateCacheEntry(ctx.git.location.gitDir);
          expect(cached).toBeDefined();
          const grown = await stateAfterGrowth(ctx, cached!, await logKey(ctx));
          expect(grown).toBeDefined();
          const fresh = (await loadProject(ctx)).state;
          expect(plain(grown!.state)).toEqual(plain(fresh));
          expect(plain(await loadReportState(ctx))).toEqual(plain(fresh));
        } finally {
          writeFileSync(file, whole);
        }
      }),
      propertyOptions({ numRuns: 30 }),
    );
  });

  it("reads the log whole when a line changed in place or an appended id sorts before the last", async () => {
    const file = biggestLogFile(site.repo.dir);
    const whole = readFileSync(file);
    const lines = whole.toString("utf8").split("\n").slice(0, -1);
    const ctx = await createContext(site.repo.dir, { env: testEnv() });
    try {
      writeFileSync(file, `${lines.slice(0, -1).join("\n")}\n`);
      await loadReportState(ctx);
      // The first line rewritten (same length), then the last appended.
      const first = lines[0]!.replace(/"at":"(\d)/, (_m, d) => `"at":"${d === "2" ? "1" : "2"}`);
      expect(first).not.toBe(lines[0]);
      writeFileSync(file, `${[first, ...lines.slice(1)].join("\n")}\n`);
      const changed = readStateCacheEntry(ctx.git.location.gitDir)!;
      expect(await stateAfterGrowth(ctx, changed, await logKey(ctx))).toBeUndefined();
      expect(plain(await loadReportState(ctx))).toEqual(plain((await loadProject(ctx)).state));
      // Cached up to the last line; then the last line comes back after one with a smaller id.
      writeFileSync(file, `${lines.slice(0, -1).join("\n")}\n`);
      await loadReportState(ctx);
      const earlier = JSON.parse(lines[0]!) as { id: string };
      const older = JSON.stringify({ ...earlier, id: `${earlier.id.slice(0, -1)}0` });
      writeFileSync(file, `${lines.slice(0, -1).join("\n")}\n${older}\n`);
      const cached = readStateCacheEntry(ctx.git.location.gitDir)!;
      expect(await stateAfterGrowth(ctx, cached, await logKey(ctx))).toBeUndefined();
      expect(plain(await loadReportState(ctx))).toEqual(plain((await loadProject(ctx)).state));
    } finally {
      writeFileSync(file, whole);
    }
  });

  it("folds nothing onto a log where different lines share an id", async () => {
    const file = biggestLogFile(site.repo.dir);
    const whole = readFileSync(file);
    const lines = whole.toString("utf8").split("\n").slice(0, -1);
    const ctx = await createContext(site.repo.dir, { env: testEnv() });
    try {
      const last = JSON.parse(lines.at(-1)!) as { at: string };
      const twin = JSON.stringify({
        ...JSON.parse(lines.at(-1)!),
        at: last.at.replace(/^\d/, (d) => (d === "2" ? "1" : "2")),
      });
      expect(twin).not.toBe(lines.at(-1));
      writeFileSync(file, `${[...lines, twin].join("\n")}\n`);
      await loadReportState(ctx);
      // No appended id sorts after what the cache keeps: every later read folds the log whole.
      expect(readStateCacheEntry(ctx.git.location.gitDir)!.last).toBe("\uffff");
    } finally {
      writeFileSync(file, whole);
    }
  });

  it("writes the cache back when the same appends are folded a second time", async () => {
    const ctx = await createContext(site.repo.dir, { env: testEnv() });
    const gitDir = ctx.git.location.gitDir;
    await loadReportState(ctx);
    expect(readStateCacheEntry(gitDir)!.key).toBe(await logKey(ctx));
    const file = biggestLogFile(site.repo.dir);
    const whole = readFileSync(file);
    const line = whole
      .toString("utf8")
      .split("\n")
      .find((l) => l.includes('"decision_recorded"'))!;
    // Sorts after every id of the log: folded on top of the cache.
    const appended = `${JSON.stringify({ ...JSON.parse(line), id: "01ZZZZZZZZZZZZZZZZZZZZ0001" })}\n`;
    try {
      writeFileSync(file, Buffer.concat([whole, Buffer.from(appended)]));
      expect(appended.length * 16).toBeLessThan(whole.length); // under the share that rewrites
      const key = await logKey(ctx);
      const first = await loadReportState(ctx);
      expect(readStateCacheEntry(gitDir)!.key).not.toBe(key);
      const second = await loadReportState(ctx);
      expect(readStateCacheEntry(gitDir)!.key).toBe(key);
      expect(plain(second)).toEqual(plain(first));
      expect(first.records.has("01ZZZZZZZZZZZZZZZZZZZZ0001")).toBe(true);
    } finally {
      writeFileSync(file, whole);
    }
  });

  it("a site rebuilt after new records is byte for byte a fresh full build", async () => {
    const { repo } = site;
    expect(repo.adrift(["site", "build", "--out", "out-a"]).code).toBe(0);
    for (const outcome of ["Cache answers for a minute", "Retry twice, then fail"])
      expect(
        repo.adrift(["decision", "record", "--outcome", outcome, "--path", "src/parse.ts"]).code,
      ).toBe(0);
    const ctx = await createContext(repo.dir, { env: testEnv() });
    const cached = readStateCacheEntry(ctx.git.location.gitDir)!;
    expect(await stateAfterGrowth(ctx, cached, await logKey(ctx))).toBeDefined();
    const rebuilt = repo.adriftJson<{ written: number }>(["site", "build", "--out", "out-a"]);
    expect(rebuilt.written).toBeGreaterThan(0);
    rmSync(path.join(ctx.git.location.gitDir, "adrift", "state-cache.json"));
    expect(repo.adrift(["site", "build", "--out", "out-b"]).code).toBe(0);
    const a = siteFiles(path.join(repo.dir, "out-a"));
    const b = siteFiles(path.join(repo.dir, "out-b"));
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    for (const [name, text] of a) expect(text, name).toBe(b.get(name));
  });
});
