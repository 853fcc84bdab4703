// The built CLI run in-process: one worker thread per test file loads dist/ once and runs each
// call, while the test blocks until the call is done (its synchronous result, as from a spawned
// process, without a Node start per call). `spawnCli` keeps the real process for what needs one.
import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import {
  MessageChannel,
  type MessagePort,
  receiveMessageOnPort,
  Worker,
} from "node:worker_threads";
import { afterAll } from "vitest";

const CLI = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));
const RUN = new URL("../../dist/cli/run.js", import.meta.url).href;
const WORKER = new URL("./cli-worker.mjs", import.meta.url);

/** What a call printed and how it exited. */
export type CliResult = { code: number; stdout: string; stderr: string };

/** What a call is given besides its arguments. */
export type CliOptions = { input?: string; env: NodeJS.ProcessEnv };

/**
 * A test waits this long for one call before calling it a hang: long, so that a loaded machine
 * never fails a test that would pass.
 */
const HANG_MS = 300_000;

let thread: { worker: Worker; port: MessagePort; flag: Int32Array } | undefined;

afterAll(async () => {
  const running = thread;
  thread = undefined;
  await running?.worker.terminate();
});

function start() {
  const state = new SharedArrayBuffer(4);
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WORKER, {
    workerData: { run: RUN, port: port2, state },
    transferList: [port2],
  });
  worker.unref();
  return { worker, port: port1, flag: new Int32Array(state) };
}

/** Runs `adrift <args>` in `cwd` in-process and returns what it printed and its exit code. */
export function runCliInProcess(cwd: string, args: string[], options: CliOptions): CliResult {
  thread ??= start();
  const { port, flag } = thread;
  Atomics.store(flag, 0, 0);
  port.postMessage({ cwd, args, input: options.input ?? "", env: options.env });
  // Until the reply is there: a wait can return before the worker's notify (seen under
  // faketime), and a reply taken by the next call would answer the wrong one.
  const deadline = performance.now() + HANG_MS;
  for (;;) {
    const reply = receiveMessageOnPort(port);
    if (reply) return reply.message as CliResult;
    const left = deadline - performance.now();
    if (left <= 0) {
      const hung = thread;
      thread = undefined;
      void hung.worker.terminate();
      throw new Error(`adrift ${args.join(" ")} did not finish in ${HANG_MS / 1000} s`);
    }
    Atomics.wait(flag, 0, 0, Math.min(left, 1000));
  }
}

/** Spawns the built CLI synchronously: a real process (hooks, signals, terminals, exit paths). */
export function spawnCli(cwd: string, args: string[], options: CliOptions): CliResult {
  const result: SpawnSyncReturns<string> = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    env: options.env,
    encoding: "utf8",
    input: options.input ?? "",
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}
