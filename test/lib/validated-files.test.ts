import {
  appendFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateLog } from "../../bench/support/generate-log.mjs";
import { foldEvents, openRepository, openValidatedFiles, readLog } from "../../src/index.js";
import { logFiles } from "../support/log-files.js";
import { makeRepo, tempDir } from "../support/repo.js";

async function setup() {
  const repo = makeRepo();
  const api = await openRepository(repo.dir);
  for (const outcome of ["um", "два", "three"])
    await api.recordIntent({ outcome, trigger: "t", trivial: true });
  const cacheFile = path.join(tempDir(), "validated-files.json");
  const read = () =>
    readLog(path.join(repo.dir, ".decisions"), repo.dir, {
      validatedFiles: openValidatedFiles(cacheFile),
    });
  const file = path.join(repo.dir, logFiles(repo.dir)[0]!);
  return { repo, api, read, file, cacheFile };
}

describe("the cache of validated files", () => {
  it("gives events equal to each line's JSON, with repeated values shared (checked and trusted reads)", async () => {
    const dir = tempDir();
    const logDir = path.join(dir, ".decisions", "log");
    mkdirSync(logDir, { recursive: true });
    generateLog(logDir, 3_000, 5);
    const parsed = new Map<string, unknown>();
    for (const name of readdirSync(logDir))
      for (const line of readFileSync(path.join(logDir, name), "utf8").split("\n"))
        if (line) parsed.set((JSON.parse(line) as { id: string }).id, JSON.parse(line));
    const cacheFile = path.join(tempDir(), "validated-files.json");
    const read = () =>
      readLog(path.join(dir, ".decisions"), dir, { validatedFiles: openValidatedFiles(cacheFile) });
    for (const log of [
      await read(),
      await read(),
      await readLog(path.join(dir, ".decisions"), dir),
    ]) {
      expect(log.events).toHaveLength(parsed.size);
      for (const event of log.events)
        expect(JSON.stringify(event)).toBe(JSON.stringify(parsed.get(event.id)));
      // One actor object per person, not one per event.
      expect(new Set(log.events.map((e) => e.actor)).size).toBeLessThan(100);
    }
  });

  it("gives the same log as a full check, on the first and on later reads", async () => {
    const { repo, read, cacheFile } = await setup();
    const full = await readLog(path.join(repo.dir, ".decisions"), repo.dir);
    const first = await read();
    expect(JSON.parse(readFileSync(cacheFile, "utf8")).files).toHaveProperty([
      logFiles(repo.dir)[0]!,
    ]);
    const second = await read();
    expect(first).toEqual(full);
    expect(second).toEqual(full);
    expect(foldEvents(second.events)).toEqual(foldEvents(full.events));
  });

  it("checks a file again once it was appended to", async () => {
    const { read, file } = await setup();
    await read();
    appendFileSync(
      file,
      `${JSON.stringify({ id: "01JZZZZZZZZZZZZZZZZZZZZZZZ", type: "session_started" })}\n`,
    );
    const after = await read();
    expect(after.problems.map((p) => [p.line, p.code])).toEqual([[5, "invalid_event"]]);
    expect(after.events).toHaveLength(4);
  });

  it("checks a file again after an edit in place that kept its size and mtime", async () => {
    const { read, file } = await setup();
    await read();
    const before = statSync(file);
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text.replace('"outcome":"um"', '"outcome":1234'));
    expect(statSync(file).size).toBe(before.size);
    utimesSync(file, before.atime, before.mtime);
    const after = await read();
    expect(after.problems.map((p) => p.code)).toEqual(["invalid_event"]);
    expect(after.events).toHaveLength(3);
  });

  it("never trusts a file whose lines rely on defaults or carry unknown fields", async () => {
    const { repo, read, file, cacheFile } = await setup();
    const [session] = readFileSync(file, "utf8").split("\n");
    const sessionId = JSON.parse(session!).id;
    const line = (id: string, data: object) =>
      JSON.stringify({
        id,
        type: "intent_card_recorded",
        schema_version: 1,
        at: "2026-01-01T00:00:00Z",
        actor: { kind: "human", name: "Ana", email: "ana@example.com" },
        session_id: sessionId,
        data,
        extra_field: "ignored",
      });
    const hand = path.join(repo.dir, ".decisions/log/hand.events.ndjson");
    writeFileSync(hand, `${line("01JY0000000000000000000000", { card: { outcome: "à mão" } })}\n`);
    await read();
    expect(JSON.parse(readFileSync(cacheFile, "utf8")).files).not.toHaveProperty([
      ".decisions/log/hand.events.ndjson",
    ]);
    const again = await read();
    const record = foldEvents(again.events).records.get("01JY0000000000000000000000")!;
    expect(record.considered).toEqual([]);
    expect(record.card.trigger).toBe("");
    expect(again.events.find((e) => e.id === "01JY0000000000000000000000")).not.toHaveProperty(
      "extra_field",
    );
  });

  it("keeps the schemas' fingerprint with a digest of their sources, and uses it only for the same sources", async () => {
    const { read, cacheFile } = await setup();
    await read();
    const kept = JSON.parse(readFileSync(cacheFile, "utf8"));
    expect(kept.schemasOf).toEqual({
      sources: expect.stringMatching(/^[0-9a-f]{64}$/),
      schemas: kept.schemas,
    });
    // A fingerprint kept for the same sources stands for this build's: the files stay trusted.
    await read();
    expect(JSON.parse(readFileSync(cacheFile, "utf8"))).toEqual(kept);
    // One kept for other sources is not used: the schemas are fingerprinted again, and files
    // remembered under a fingerprint that is not this build's are checked again.
    writeFileSync(
      cacheFile,
      JSON.stringify({
        ...kept,
        schemas: "forged",
        schemasOf: { sources: "other sources", schemas: "forged" },
      }),
    );
    await read();
    expect(JSON.parse(readFileSync(cacheFile, "utf8"))).toEqual(kept);
  });

  it("builds the event schemas from core/events/ alone (the digest of their sources covers them)", () => {
    const dir = path.join(import.meta.dirname, "../../src/core/events");
    for (const name of readdirSync(dir)) {
      const text = readFileSync(path.join(dir, name), "utf8");
      for (const match of text.matchAll(/\bfrom\s+"([^"]+)"|\bimport\(\s*"([^"]+)"/g)) {
        const from = match[1] ?? match[2]!;
        expect(from === "zod" || /^\.\/[\w-]+\.js$/.test(from), `${name}: ${from}`).toBe(true);
      }
    }
  });
});
