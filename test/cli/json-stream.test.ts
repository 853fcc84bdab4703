// The streaming JSON writer writes exactly what JSON.stringify would, a piece at a time.
import { PassThrough } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonReplacer } from "../../src/cli/io.js";
import { later, writeJsonDocument } from "../../src/cli/json-stream.js";
import { propertyOptions } from "../support/property.js";

async function written(
  doc: Record<string, unknown>,
  streamed: string[],
  indent: 0 | 2,
  options: { plainElements?: boolean } = {},
) {
  const sink = new PassThrough({ highWaterMark: 16 });
  const chunks: Buffer[] = [];
  sink.on("data", (c: Buffer) => chunks.push(c));
  await writeJsonDocument(sink, doc, streamed, indent, options);
  sink.end();
  await new Promise((resolve) => sink.on("end", resolve));
  return Buffer.concat(chunks).toString("utf8");
}

describe("writeJsonDocument", () => {
  it("is byte for byte JSON.stringify (compact and indented), with big arrays streamed", async () => {
    const value = fc.jsonValue();
    await fc.assert(
      fc.asyncProperty(
        fc.array(value, { maxLength: 30 }),
        fc.dictionary(fc.string(), value, { maxKeys: 3 }),
        fc.constantFrom(0 as const, 2 as const),
        async (records, rest, indent) => {
          const doc = {
            records,
            ...rest,
            total: records.length,
            gone: undefined,
            map: new Map([["k", 1]]),
          };
          const expected = `${JSON.stringify(doc, jsonReplacer, indent)}\n`;
          expect(await written(doc, ["records"], indent)).toBe(expected);
          // Elements of JSON values (no Map, no Set) written without the replacer: the same.
          expect(await written(doc, ["records"], indent, { plainElements: true })).toBe(expected);
        },
      ),
      propertyOptions({ numRuns: 200 }),
    );
  });

  it("writes rows made as they are written (a generator) and a count known after them, the same bytes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.jsonValue(), { maxLength: 30 }),
        fc.constantFrom(0 as const, 2 as const),
        async (records, indent) => {
          let total = 0;
          function* rows() {
            for (const r of records) {
              total++;
              yield r;
            }
          }
          const doc = { records: rows(), total: later(() => total), set: new Set([1]) };
          const expected = `${JSON.stringify({ records, total: records.length, set: [1] }, jsonReplacer, indent)}\n`;
          expect(await written(doc, ["records", "set"], indent)).toBe(expected);
        },
      ),
      propertyOptions({ numRuns: 200 }),
    );
  });

  it("writes a list far longer than one batch, waiting for a slow reader", async () => {
    const records = Array.from({ length: 20_000 }, (_, i) => ({ id: i, text: "é".repeat(i % 50) }));
    const text = await written({ records, total: records.length }, ["records"], 0);
    expect(JSON.parse(text).records).toHaveLength(20_000);
  });
});
