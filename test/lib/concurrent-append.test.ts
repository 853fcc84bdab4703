import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { makeRepo, testEnv } from "../support/repo.js";

const WORKER = fileURLToPath(new URL("../support/append-worker.mjs", import.meta.url));
const PROCESSES = 4;
const EACH = 2_000;

function runWorker(dir: string, label: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [WORKER, dir, String(EACH), label], { env: testEnv() });
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("close", (code) => resolve({ code: code ?? -1, stderr }));
  });
}

describe("concurrent appends", () => {
  it(`keeps all ${PROCESSES * EACH} events of ${PROCESSES} processes whole`, async () => {
    const repo = makeRepo();
    const results = await Promise.all(
      Array.from({ length: PROCESSES }, (_, i) => runWorker(repo.dir, `w${i}`)),
    );
    for (const result of results) expect(result).toEqual({ code: 0, stderr: "" });

    const logDir = path.join(repo.dir, ".decisions/log");
    const outcomes: string[] = [];
    for (const file of readdirSync(logDir)) {
      const text = readFileSync(path.join(logDir, file), "utf8");
      expect(text.endsWith("\n")).toBe(true);
      for (const line of text.slice(0, -1).split("\n")) {
        const event = JSON.parse(line); // a torn or interleaved line would not parse
        if (event.type === "intent_card_recorded") outcomes.push(event.data.card.outcome);
      }
    }
    expect(outcomes).toHaveLength(PROCESSES * EACH);
    expect(new Set(outcomes).size).toBe(PROCESSES * EACH);

    const validated = repo.adriftJson<{ ok: boolean; events: number; problems: unknown[] }>([
      "validate",
    ]);
    expect(validated.problems).toEqual([]);
    expect(validated.ok).toBe(true);
    const listed = repo.adriftJson<{ total: number }>(["list"]);
    expect(listed.total).toBe(PROCESSES * EACH);
  });
});
