// One JSON document written piece by piece: the big arrays of a listing one element at a time,
// so the output of a million records is never one string (V8 caps a string at about 512 MB, and
// building it would hold the whole output in memory beside the state it came from).
import { jsonReplacer } from "./io.js";

/** Where the document goes: a stream that may ask to wait (`write` returns false) until `drain`. */
type Sink = Pick<NodeJS.WritableStream, "write" | "once">;

/** Writes `text`, waiting for the sink to drain when its buffer is full. */
async function put(sink: Sink, text: string): Promise<void> {
  if (!sink.write(text)) await new Promise<void>((resolve) => sink.once("drain", resolve));
}

/** Chunks written before waiting on the sink: many small writes cost more than one bigger one. */
const BATCH_CHARS = 1 << 16;

/**
 * Writes `doc` as JSON followed by a newline, exactly as `JSON.stringify(doc, jsonReplacer,
 * indent)` would (`indent` 2 on a terminal, none otherwise), streaming the array values of the
 * keys in `streamed` one element at a time. `plainElements`: the caller knows those elements
 * hold no Map or Set (values read from JSON), so they are written without the replacer — a
 * replacer function sends JSON.stringify down its slow path, a call for every key.
 */
export async function writeJsonDocument(
  sink: Sink,
  doc: Record<string, unknown>,
  streamed: readonly string[],
  indent: 0 | 2,
  { plainElements = false }: { plainElements?: boolean } = {},
): Promise<void> {
  const replacer = plainElements ? undefined : jsonReplacer;
  const nl = indent ? "\n" : "";
  const pad = (depth: number) => " ".repeat(indent * depth);
  const colon = indent ? ": " : ":";
  const entries = Object.entries(doc).filter(
    ([key, value]) => jsonReplacer(key, value) !== undefined && typeof value !== "function",
  );
  if (entries.length === 0) return put(sink, "{}\n");
  let buffer = `{${nl}`;
  const flush = async (force = false) => {
    if (force || buffer.length >= BATCH_CHARS) {
      await put(sink, buffer);
      buffer = "";
    }
  };
  for (const [i, [key, value]] of entries.entries()) {
    buffer += `${pad(1)}${JSON.stringify(key)}${colon}`;
    if (streamed.includes(key) && isIterable(value)) {
      // An array, or any iterable (rows made as they are written): elements one at a time.
      let n = 0;
      for (const element of value) {
        const text = JSON.stringify(element, replacer, indent) ?? "null";
        buffer += `${n === 0 ? `[${nl}` : `,${nl}`}${pad(2)}${indent ? text.replaceAll("\n", `\n${pad(2)}`) : text}`;
        n++;
        await flush();
      }
      buffer += n === 0 ? "[]" : `${nl}${pad(1)}]`;
    } else {
      const text = JSON.stringify(value, jsonReplacer, indent);
      buffer += indent ? text.replaceAll("\n", `\n${pad(1)}`) : text;
    }
    buffer += i < entries.length - 1 ? `,${nl}` : nl;
  }
  buffer += "}\n";
  await flush(true);
}

/** An array or another iterable, not a string or a Map (JSON writes those whole). */
function isIterable(value: unknown): value is Iterable<unknown> {
  return (
    Array.isArray(value) ||
    (typeof value === "object" &&
      value !== null &&
      !(value instanceof Map) &&
      typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] === "function")
  );
}

/**
 * A value known only once what comes before it in the document was written (the count of rows
 * made as they were written): JSON.stringify asks for it when it reaches it.
 */
export function later(value: () => unknown): { toJSON(): unknown } {
  return { toJSON: value };
}

/** Writes one line per item (and a last line), batched, waiting for the sink to drain. */
export async function writeLines<T>(
  sink: Sink,
  items: readonly T[],
  line: (item: T) => string,
  last: string,
): Promise<void> {
  let buffer = "";
  for (const item of items) {
    buffer += `${line(item)}\n`;
    if (buffer.length >= BATCH_CHARS) {
      await put(sink, buffer);
      buffer = "";
    }
  }
  await put(sink, `${buffer}${last}\n`);
}

/**
 * Writes pieces one after the other (each through `map`), batched, waiting for the sink to
 * drain; returns the last character written ("" when nothing was).
 */
export async function writeChunks(
  sink: Sink,
  chunks: Iterable<string>,
  map: (chunk: string) => string = (chunk) => chunk,
): Promise<string> {
  let buffer = "";
  let last = "";
  for (const chunk of chunks) {
    const text = map(chunk);
    if (text === "") continue;
    buffer += text;
    last = text.at(-1)!;
    if (buffer.length >= BATCH_CHARS) {
      await put(sink, buffer);
      buffer = "";
    }
  }
  if (buffer !== "") await put(sink, buffer);
  return last;
}
