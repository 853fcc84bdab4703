// What a command reads as its input (`--file <path>`, `--file -`): a regular file or a stream,
// of bounded size, so that `/dev/zero` or an endless pipe ends in an error instead of a hang.
import { MAX_INPUT_BYTES, readRegularFile, tooLargeError } from "../adapters/safe-file.js";

export { readRegularFile };

/** A stream read whole, at most `maxBytes`: refused with `validation_failed` past that. */
export async function readBoundedStream(
  stream: NodeJS.ReadableStream,
  name: string,
  maxBytes = MAX_INPUT_BYTES,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    total += bytes.length;
    if (total > maxBytes) {
      (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      throw tooLargeError(name, total, maxBytes);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}
