import { type Readable, Transform } from "node:stream";
import type { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ErrorCode, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

function isSchemaError(error: Error): boolean {
  return error.name === "ZodError" || Array.isArray((error as { issues?: unknown }).issues);
}

/**
 * Answers a stdin line that is not JSON (-32700) or not JSON-RPC (-32600) with an error whose
 * id is null, as JSON-RPC asks; the SDK's transport only drops such lines. Serving goes on.
 */
export function answerMalformedLines(transport: StdioServerTransport): void {
  transport.onerror = (error) => {
    const code =
      error instanceof SyntaxError
        ? ErrorCode.ParseError
        : isSchemaError(error)
          ? ErrorCode.InvalidRequest
          : undefined;
    if (code === undefined) return;
    const message = code === ErrorCode.ParseError ? "Parse error" : "Invalid Request";
    const reply = { jsonrpc: "2.0", id: null, error: { code, message } };
    void transport.send(reply as unknown as JSONRPCMessage).catch(() => undefined);
  };
}

/**
 * The longest request line the server reads (8 MiB): room for the largest event a tool writes
 * (a log line is at most 4 MiB), and under the SDK's own buffer limit, past which its transport
 * closes and the client loses its server.
 */
export const MAX_REQUEST_LINE_BYTES = 8 * 1024 * 1024;

/** The id of a JSON-RPC request, read from the start of its line (null when it is not there). */
function idFromPrefix(prefix: string): string | number | null {
  const match = /"id"\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d{1,16})/.exec(prefix);
  if (!match) return null;
  try {
    return JSON.parse(match[1]!) as string | number;
  } catch {
    return null;
  }
}

/**
 * Stdin cut into request lines of at most `limit` bytes: a longer line is dropped as it streams
 * (never held whole) and `onOversize` hears its first bytes and its size; the lines after it
 * pass on. Each pushed chunk is whole lines.
 */
export class RequestLineLimit extends Transform {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private dropped: { prefix: string; bytes: number } | undefined;

  constructor(
    private readonly limit: number,
    private readonly onOversize: (prefix: string, bytes: number) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline === -1 ? chunk.length : newline + 1;
      const piece = chunk.subarray(start, end);
      if (this.dropped) this.dropped.bytes += piece.length;
      else if (this.pendingBytes + piece.length > this.limit) {
        const prefix = Buffer.concat([...this.pending, piece])
          .subarray(0, 4096)
          .toString("utf8");
        this.dropped = { prefix, bytes: this.pendingBytes + piece.length };
        this.pending = [];
        this.pendingBytes = 0;
      } else {
        this.pending.push(piece);
        this.pendingBytes += piece.length;
      }
      if (newline !== -1) {
        if (this.dropped) this.onOversize(this.dropped.prefix, this.dropped.bytes);
        else this.push(Buffer.concat(this.pending));
        this.dropped = undefined;
        this.pending = [];
        this.pendingBytes = 0;
      }
      start = end;
    }
    done();
  }

  override _flush(done: () => void): void {
    if (this.pending.length > 0 && !this.dropped) this.push(Buffer.concat(this.pending));
    done();
  }
}

/**
 * Stdin for the transport, with request lines over MAX_REQUEST_LINE_BYTES answered by an
 * Invalid Request error (its id when the line's start names one) instead of closing the server.
 */
export function limitedStdin(
  stdin: NodeJS.ReadableStream,
  send: (message: JSONRPCMessage) => Promise<void>,
  limit = MAX_REQUEST_LINE_BYTES,
): Readable {
  const n = (value: number) => value.toLocaleString("en-US");
  const limited = new RequestLineLimit(limit, (prefix, bytes) => {
    const message = `Invalid Request: a request line of ${n(bytes)} bytes, over the ${n(limit)} bytes this server reads; send less (a log line holds at most 4 MiB)`;
    const reply = {
      jsonrpc: "2.0",
      id: idFromPrefix(prefix),
      error: { code: ErrorCode.InvalidRequest, message },
    };
    void send(reply as unknown as JSONRPCMessage).catch(() => undefined);
  });
  return stdin.pipe(limited);
}
