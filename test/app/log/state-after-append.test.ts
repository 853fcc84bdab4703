import { appendFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createContext } from "../../../src/app/dependencies.js";
import { loadProject, logSizes, stateAfterAppend } from "../../../src/app/log/load.js";
import { writeEventsToFile } from "../../../src/app/recording/writer.js";
import { makeRepo, testEnv } from "../../support/repo.js";

const imported = (n: number) => ({
  type: "adr_imported" as const,
  data: {
    adr_id: `ADR-${n}`,
    number: n,
    path: `docs/adr/${n}-x.md`,
    status: "accepted",
    title: `ADR ${n}`,
  },
});

/** A repository with a log of a few events, and the context to write to it. */
async function repoWithLog() {
  const repo = makeRepo();
  repo.adrift(["init"]);
  repo.adrift(["session", "start"]);
  return { repo, ctx: await createContext(repo.dir, { env: testEnv() }) };
}

/** What reading the log again gives, for comparison (the state's maps as entries). */
const plain = (value: unknown) =>
  JSON.parse(JSON.stringify(value, (_k, v) => (v instanceof Map ? [...v] : v)));

describe("stateAfterAppend", () => {
  it("folds this process's own append onto the state: what reading the log again gives", async () => {
    const { ctx } = await repoWithLog();
    const before = await logSizes(ctx);
    const loaded = await loadProject(ctx);
    const written = await writeEventsToFile(ctx, [imported(1)]);
    const after = await stateAfterAppend(ctx, loaded, before, written);
    expect(after).toBe(loaded.state); // folded in place, not read again
    expect(plain(after)).toEqual(plain((await loadProject(ctx)).state));
  });

  it("reads the log again when another writer appended meanwhile, and its event is in the state", async () => {
    const { repo, ctx } = await repoWithLog();
    const before = await logSizes(ctx);
    const loaded = await loadProject(ctx);
    // Another adrift, another person's session.
    const other = repo.adrift(["session", "start"], {
      env: testEnv({ GIT_AUTHOR_EMAIL: "other@example.com", GIT_AUTHOR_NAME: "Other" }),
    });
    expect(other.code).toBe(0);
    const written = await writeEventsToFile(ctx, [imported(1)]);
    const after = await stateAfterAppend(ctx, loaded, before, written);
    expect(after).not.toBe(loaded.state);
    expect(after.sessions.size).toBe(loaded.state.sessions.size + 1);
    expect([...after.adrs.keys()]).toEqual(["ADR-1"]);
    expect(plain(after)).toEqual(plain((await loadProject(ctx)).state));
  });

  it("reads the log again when the file written to was changed besides the append", async () => {
    const { repo, ctx } = await repoWithLog();
    const before = await logSizes(ctx);
    const loaded = await loadProject(ctx);
    const written = await writeEventsToFile(ctx, [imported(1)]);
    // A line appended by hand to the same file after the write.
    const logDir = path.join(repo.dir, ".decisions", "log");
    const file = readdirSync(logDir).find((f) => path.join(logDir, f) === written.file);
    expect(file).toBeDefined();
    appendFileSync(written.file, "{}\n");
    const after = await stateAfterAppend(ctx, loaded, before, written);
    expect(after).not.toBe(loaded.state);
  });

  /** The validated-files cache's entry for `file` (repo-relative), if any. */
  const cached = (repo: { dir: string }, file: string): string | undefined => {
    const cache = path.join(repo.dir, ".git", "adrift", "validated-files.json");
    return JSON.parse(readFileSync(cache, "utf8")).files[path.relative(repo.dir, file)];
  };

  it("leaves the file it appended to trusted, as a read that validated it would", async () => {
    const { repo, ctx } = await repoWithLog();
    const before = await logSizes(ctx);
    const loaded = await loadProject(ctx);
    const written = await writeEventsToFile(ctx, [imported(1), imported(2)]);
    await stateAfterAppend(ctx, loaded, before, written);
    const left = cached(repo, written.file);
    expect(left).toBeDefined();
    rmSync(path.join(repo.dir, ".git", "adrift", "validated-files.json"));
    const read = await loadProject(ctx);
    expect(cached(repo, written.file)).toBe(left);
    expect(plain(read.state)).toEqual(plain(loaded.state));
  });

  it("leaves it to be validated again when it was changed in place before the append", async () => {
    const { ctx } = await repoWithLog();
    const before = await logSizes(ctx);
    const loaded = await loadProject(ctx);
    const [file] = [...before.keys()];
    // The same size, no longer a valid event: only validating the file again finds it.
    const text = readFileSync(file!, "utf8");
    writeFileSync(file!, text.replace(/"at":"2/, '"at":"X'));
    const written = await writeEventsToFile(ctx, [imported(1)]);
    expect(written.file).toBe(file);
    await stateAfterAppend(ctx, loaded, before, written);
    const read = await loadProject(ctx);
    expect(read.log.problems.map((p) => [p.line, p.code])).toEqual([[1, "invalid_event"]]);
  });
});
