// Timing spans for finding where a slow command spends its time: set ADRIFT_PROFILE=1 and each
// span prints `adrift-profile <name> <ms>` to stderr. Costs one env lookup when unset.
import { performance } from "node:perf_hooks";

const enabled = Boolean(process.env.ADRIFT_PROFILE);

// The process's own CPU time at exit (git's is not included): steadier than wall time on a
// shared machine.
if (enabled)
  process.on("exit", () => {
    const { user, system } = process.cpuUsage();
    process.stderr.write(
      `adrift-profile cpu ${((user + system) / 1000).toFixed(0)} ms (user ${(user / 1000).toFixed(0)}, system ${(system / 1000).toFixed(0)})\n`,
    );
  });

/**
 * Starts a span; call the returned function when it ends. Besides wall time it prints the
 * process's CPU time over the span (all its threads, so spans that overlap share it): for a
 * synchronous step that is its own cost, however busy the machine.
 */
export function startSpan(name: string): () => void {
  if (!enabled) return noop;
  const start = performance.now();
  const cpu = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(cpu);
    process.stderr.write(
      `adrift-profile ${name} ${(performance.now() - start).toFixed(1)} ms (at ${performance.now().toFixed(0)} ms; cpu ${((used.user + used.system) / 1000).toFixed(1)} ms)\n`,
    );
  };
}

/** Times an async step. */
export async function timed<T>(name: string, step: () => Promise<T>): Promise<T> {
  const end = startSpan(name);
  try {
    return await step();
  } finally {
    end();
  }
}

function noop(): void {}

/** Prints a line about a choice the command made (which path it took, and why). */
export function profileNote(text: string): void {
  if (enabled) process.stderr.write(`adrift-profile note ${text}\n`);
}
