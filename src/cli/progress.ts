// Progress of long work on a terminal (large imports, reports, the first scan of a big history:
// work a person would otherwise wait on in silence): one line on stderr, redrawn at most ten
// times a second, shown only after the work has taken a moment, and cleared when the command
// ends. Never on a pipe, in CI or in hooks.
import type { Progress } from "../app/dependencies.js";
import { cliIo, type OutputStream, onProgressLine } from "./io.js";

/** Milliseconds of work before the first line is drawn (quick commands never flicker); ADRIFT_PROGRESS_AFTER_MS sets it. */
const QUIET_MS = 400;
const REDRAW_MS = 100;

/** A progress reporter for stderr when it is a terminal; undefined otherwise. */
export function terminalProgress(
  stream: OutputStream = cliIo().stderr,
  env: NodeJS.ProcessEnv = cliIo().env,
): Progress | undefined {
  if (!stream.isTTY || env.CI || env.TERM === "dumb" || env.ADRIFT_NO_PROGRESS) return undefined;
  const quiet = Number(env.ADRIFT_PROGRESS_AFTER_MS ?? QUIET_MS);
  const started = Date.now();
  let drawn = 0;
  let shown = false;
  const clear = () => {
    if (shown) stream.write("\r\u001b[2K");
    shown = false;
  };
  process.once("exit", clear);
  onProgressLine(clear);
  return (step, done, total) => {
    const now = Date.now();
    if (now - started < quiet || now - drawn < REDRAW_MS) return;
    drawn = now;
    const count =
      done === undefined
        ? ""
        : total === undefined
          ? `: ${done.toLocaleString("en")}`
          : `: ${done.toLocaleString("en")} of ${total.toLocaleString("en")}`;
    const width = Math.max(20, (stream.columns || 80) - 1);
    stream.write(`\r\u001b[2Kadrift: ${step}${count}`.slice(0, width + 5));
    shown = true;
  };
}
