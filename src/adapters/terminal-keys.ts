import type { Readable, Writable } from "node:stream";

/** Ctrl-C and Escape: keys that cancel what is being typed (Ctrl-C also quits a key prompt). */
export const CTRL_C = "\u0003";
export const ESCAPE = "\u001b";

/**
 * Keys from a terminal in raw mode (or any stream of its bytes, for tests): one key at a time,
 * an escape sequence (arrows, function keys) as one key, and a one-line editor over them. Keys
 * typed ahead wait in order; the end of the stream answers `undefined`.
 */
export class KeyReader {
  private buffer = "";
  private ended = false;
  private waiter: (() => void) | undefined;

  constructor(private readonly input: Readable) {
    input.setEncoding("utf8");
    input.on("data", this.onData);
    input.on("end", this.onEnd);
    input.on("close", this.onEnd);
  }

  private readonly onData = (chunk: string) => {
    this.buffer += chunk;
    this.wake();
  };

  private readonly onEnd = () => {
    this.ended = true;
    this.wake();
  };

  private wake() {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  }

  /** Stops listening (the stream is left open: it may be the process's stdin). */
  close(): void {
    this.input.off("data", this.onData);
    this.input.off("end", this.onEnd);
    this.input.off("close", this.onEnd);
    this.input.pause();
  }

  /** The next key, or undefined when the input ended. */
  async key(): Promise<string | undefined> {
    while (this.buffer === "") {
      if (this.ended) return undefined;
      await new Promise<void>((resolve) => {
        this.waiter = resolve;
      });
    }
    const length = keyLength(this.buffer);
    const key = this.buffer.slice(0, length);
    this.buffer = this.buffer.slice(length);
    return key;
  }

  /**
   * A line typed after `prompt`, echoed to `output`: Enter ends it, Backspace deletes, Ctrl-U
   * clears; Escape or Ctrl-C cancels (undefined), as does the end of the input.
   */
  async line(output: Writable, prompt: string): Promise<string | undefined> {
    output.write(prompt);
    let text = "";
    for (;;) {
      const key = await this.key();
      if (key === undefined || key === CTRL_C || key === ESCAPE) {
        output.write("\n");
        return undefined;
      }
      if (key === "\r" || key === "\n") {
        // A terminal sends \r for Enter; a pipe may send \r\n: the \n is not a second Enter.
        if (key === "\r" && this.buffer.startsWith("\n")) this.buffer = this.buffer.slice(1);
        output.write("\n");
        return text;
      }
      if (key === "\u007f" || key === "\b") {
        if (text.length > 0) {
          text = [...text].slice(0, -1).join("");
          output.write("\b \b");
        }
      } else if (key === "\u0015") {
        output.write("\b \b".repeat([...text].length));
        text = "";
      } else if (key.length > 0 && !key.startsWith(ESCAPE) && key >= " ") {
        text += key;
        output.write(key);
      }
    }
  }
}

/** Length of the first key of `text`: an escape sequence whole, else one character. */
function keyLength(text: string): number {
  if (text[0] === ESCAPE && (text[1] === "[" || text[1] === "O")) {
    // CSI / SS3: parameters, then a final byte in @–~.
    for (let i = 2; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0x40 && code <= 0x7e) return i + 1;
    }
    return text.length;
  }
  const code = text.codePointAt(0)!;
  return code > 0xffff ? 2 : 1;
}
