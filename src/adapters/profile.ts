// Timing spans for finding where a slow command spends its time: set ADRIFT_PROFILE=1 and each
// span prints `adrift-profile <name> <ms>` to stderr. Costs one env lookup when unset.
import { performance } from "node:perf_hooks";

/** Where spans are written: a stream's `write`. */
export type ProfileSink = (text: string) => void;

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

// A run of the CLI in a process that runs many, one after another (the tests' worker), says for
// itself whether it is profiled and where the spans go; outside a run, the process's
// ADRIFT_PROFILE decides.
let running: { sink: ProfileSink | undefined } | undefined;

/** Runs `work` with its spans written to `sink` (none when undefined); runs take turns. */
export async function withProfileSink<T>(
  sink: ProfileSink | undefined,
  work: () => Promise<T>,
): Promise<T> {
  const outer = running;
  running = { sink };
  try {
    return await work();
  } finally {
    running = outer;
  }
}

function sink(): ProfileSink | undefined {
  if (running) return running.sink;
  return enabled ? (text) => process.stderr.write(text) : undefined;
}

/**
 * Starts a span; call the returned function when it ends. Besides wall time it prints the
 * process's CPU time over the span (all its threads, so spans that overlap share it): for a
 * synchronous step that is its own cost, however busy the machine.
 */
export function startSpan(name: string): () => void {
  const write = sink();
  if (!write) return noop;
  const start = performance.now();
  const cpu = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(cpu);
    write(
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
  sink()?.(`adrift-profile note ${text}\n`);
}
