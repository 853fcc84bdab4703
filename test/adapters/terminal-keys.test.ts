import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { KeyReader } from "../../src/adapters/terminal-keys.js";

function reader(typed: string) {
  const input = new PassThrough();
  input.end(typed);
  const output = new PassThrough();
  let echoed = "";
  output.on("data", (chunk) => {
    echoed += chunk;
  });
  return { keys: new KeyReader(input), output, echoed: () => echoed };
}

describe("keys from a terminal", () => {
  it("reads one key at a time, an escape sequence as one key, and undefined at the end", async () => {
    const { keys } = reader("r\u001b[A\u001bOPé😀q");
    const got: (string | undefined)[] = [];
    for (let i = 0; i < 7; i++) got.push(await keys.key());
    expect(got).toEqual(["r", "\u001b[A", "\u001bOP", "é", "😀", "q", undefined]);
  });

  it("edits a line: backspace (even over an emoji), Ctrl-U, Enter; \\r\\n is one Enter", async () => {
    const { keys, output, echoed } = reader("ab😀\u007fc\rzz\u0015ok\r\nx");
    expect(await keys.line(output, "> ")).toBe("abc");
    expect(await keys.line(output, "> ")).toBe("ok");
    expect(await keys.key()).toBe("x");
    expect(echoed()).toContain("> ab😀\b \bc\n");
  });

  it("cancels a line on Escape, Ctrl-C or the end of the input", async () => {
    expect(await reader("abc\u001b").keys.line(new PassThrough(), "")).toBeUndefined();
    expect(await reader("abc\u0003").keys.line(new PassThrough(), "")).toBeUndefined();
    expect(await reader("abc").keys.line(new PassThrough(), "")).toBeUndefined();
  });
});
