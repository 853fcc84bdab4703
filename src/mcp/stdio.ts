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
