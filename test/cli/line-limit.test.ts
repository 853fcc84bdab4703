// Accepted means readable: an event whose line would be longer than the readers accept is refused
// by every writer (CLI, MCP, library), and nothing is written.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appendEvents, MAX_LINE_BYTES, openRepository, parseEventLine } from "../../src/index.js";
import { connectMcp, errorCode } from "../support/mcp.js";
import { makeRepo, type TestRepo } from "../support/repo.js";

/** Every log line of the repository, as text. */
const logText = (repo: TestRepo): string => {
  const dir = path.join(repo.dir, ".decisions/log");
  if (!existsSync(dir)) return "";
  return readdirSync(dir)
    .map((f) => readFileSync(path.join(dir, f), "utf8"))
    .join("");
};

/** Five fields of 999,000 characters: each under the field limit, the line over 4 MiB. */
const bigCard = () => {
  const text = "x".repeat(999_000);
  return {
    outcome: text,
    trigger: text,
    chosen_approach: text,
    selection_rationale: text,
    constraints: text,
  };
};

/** One field of control characters: 999,000 characters, six bytes each once JSON-escaped. */
const controlCard = () => ({ outcome: "\u0001".repeat(999_000), trigger: "t" });

describe("a record whose log line would be too long to read", () => {
  it("is refused by the CLI with the limit and the size, exit 2, and nothing is written", () => {
    const repo = makeRepo();
    repo.adrift(["intent", "record", "--outcome", "small", "--trigger", "t", "--trivial"]);
    const before = logText(repo);
    for (const card of [bigCard(), controlCard()]) {
      const result = repo.adrift(["intent", "record", "--file", "-", "--json"], {
        input: JSON.stringify({ card, trivial: true }),
      });
      expect(result.code).toBe(2);
      const error = JSON.parse(result.stderr).error;
      expect(error.code).toBe("validation_failed");
      expect(error.message).toContain(MAX_LINE_BYTES.toLocaleString("en-US"));
      expect(error.details.limit).toBe(MAX_LINE_BYTES);
      expect(error.details.size).toBeGreaterThan(MAX_LINE_BYTES);
      expect(error.message).toContain(error.details.size.toLocaleString("en-US"));
      expect(logText(repo)).toBe(before);
    }
    const validate = repo.adrift(["validate", "--json"]);
    expect(validate.code).toBe(0);
    expect(JSON.parse(validate.stdout)).toMatchObject({ ok: true, events: 2 });
  });

  it("is refused through MCP with isError, and nothing is written", async () => {
    const repo = makeRepo();
    const mcp = await connectMcp(repo.dir);
    for (const card of [bigCard(), controlCard()]) {
      const result = await mcp.call("record_intent_card", { card, trivial: true });
      expect(result.isError).toBe(true);
      expect(errorCode(result)).toBe("validation_failed");
    }
    expect(logText(repo)).toBe("");
    // The server is still up and writes what fits.
    await mcp.ok("record_intent_card", { card: { outcome: "o", trigger: "t" }, trivial: true });
    expect(logText(repo).split("\n").filter(Boolean).length).toBe(2);
  });

  it("is refused by the library, by the use cases and by appendEvents alike", async () => {
    const repo = makeRepo();
    const api = await openRepository(repo.dir);
    await expect(api.recordIntent({ ...bigCard(), trivial: true })).rejects.toMatchObject({
      code: "validation_failed",
      details: { limit: MAX_LINE_BYTES },
    });
    expect(logText(repo)).toBe("");
    const small = await api.recordIntent({ outcome: "o", trigger: "t", trivial: true });
    const file = path.join(
      repo.dir,
      ".decisions/log",
      readdirSync(path.join(repo.dir, ".decisions/log"))[0]!,
    );
    const huge = {
      ...small.event,
      id: "01J00000000000000000000001",
      data: { ...small.event.data, card: bigCard() },
    };
    const before = readFileSync(file, "utf8");
    // One batch: all or nothing, the small event with the huge one is not written either.
    await expect(appendEvents(file, [small.event, huge as never])).rejects.toMatchObject({
      code: "validation_failed",
    });
    expect(readFileSync(file, "utf8")).toBe(before);
  });
});

describe("writers and readers share one limit", () => {
  /** An event line of exactly `bytes` bytes of UTF-8, its outcome padded with `pad`. */
  const lineOf = (bytes: number, pad: string, n: number) => {
    const base = {
      id: `01J0000000000000000000000${n}`,
      type: "intent_card_recorded",
      schema_version: 1,
      at: "2026-03-01T10:00:00.000Z",
      actor: { kind: "human", name: "Ana", email: "ana@example.com" },
      session_id: "01J00000000000000000000000",
      data: { card: { trigger: "" }, trivial: true },
    };
    const room = bytes - Buffer.byteLength(JSON.stringify(base));
    const unit = Buffer.byteLength(pad);
    // Spread over the six fields: each stays under the field limit (1,000,000 characters).
    const fields = ["outcome", "chosen_approach", "selection_rationale", "constraints"];
    const each = Math.floor(room / unit / (fields.length + 1));
    const card: Record<string, string> = {};
    for (const field of fields) card[field] = pad.repeat(each);
    const used = fields.length * each * unit + fields.length * Buffer.byteLength(',"":""');
    const rest = room - used - fields.reduce((n, f) => n + f.length, 0);
    card.trigger = "t".repeat(rest);
    const event = { ...base, data: { ...base.data, card } };
    return { event, text: JSON.stringify(event) };
  };

  it("a line at the limit is written and read; one byte more is refused by both", async () => {
    const repo = makeRepo();
    const file = path.join(repo.dir, ".decisions/log/limit.events.ndjson");
    for (const [n, pad] of ["x", "ж", "🚀"].entries()) {
      const at = lineOf(MAX_LINE_BYTES, pad, 2 * n);
      expect(Buffer.byteLength(at.text)).toBe(MAX_LINE_BYTES);
      expect(parseEventLine(at.text, { file: "f", line: 1 }).ok).toBe(true);
      await appendEvents(file, [at.event as never]);
      const over = lineOf(MAX_LINE_BYTES + 1, pad, 2 * n + 1);
      expect(Buffer.byteLength(over.text)).toBe(MAX_LINE_BYTES + 1);
      expect(parseEventLine(over.text, { file: "f", line: 1 })).toMatchObject({
        ok: false,
        problem: { code: "line_too_long" },
      });
      await expect(appendEvents(file, [over.event as never])).rejects.toMatchObject({
        code: "validation_failed",
      });
    }
  });
});
