// The thread that runs the built CLI in-process for test/support/cli-harness.ts: it loads
// dist/ once (a warm module cache) and runs one `adrift` call at a time, each with its own
// streams, environment, directory and exit code. The caller blocks on `state` until the call is
// done, then takes the result from `port`.
import { Readable, Writable } from "node:stream";
import { workerData } from "node:worker_threads";

const { runCli } = await import(workerData.run);
const { port, state } = workerData;
const flag = new Int32Array(state);

/** A stream that keeps every byte written to it (decoded once, as a child's pipe would be). */
function collector() {
  const chunks = [];
  const stream = new Writable({
    write(chunk, encoding, done) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk);
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString("utf8") };
}

// A process's directory and environment are its own, a thread's are not: what a library reads
// from `process` (git's own variables, the directory relative paths start from) is the call's.
let callCwd = process.cwd();
process.cwd = () => callCwd;

// An error nobody awaited would end a real process; here it ends the call that caused it (and
// between calls, it is said on the thread's stderr, which the test run shows).
let current;
const fail = (error) =>
  current ? current(error) : process.stderr.write(`adrift test worker: ${error?.stack ?? error}\n`);
process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);

/** True while this thread holds a resource (a file request, a child, a timer) beyond `before`. */
function busierThan(before) {
  const count = new Map();
  for (const name of before) count.set(name, (count.get(name) ?? 0) + 1);
  for (const name of process.getActiveResourcesInfo()) {
    const left = (count.get(name) ?? 0) - 1;
    if (left < 0) return true;
    count.set(name, left);
  }
  return false;
}

port.on("message", async ({ cwd, args, input, env }) => {
  const stdout = collector();
  const stderr = collector();
  callCwd = cwd;
  for (const name of Object.keys(process.env)) delete process.env[name];
  Object.assign(process.env, env);
  const io = {
    stdout: stdout.stream,
    stderr: stderr.stream,
    stdin: Readable.from(input === "" ? [] : [Buffer.from(input)]),
    env: { ...env },
    cwd,
  };
  const before = process.getActiveResourcesInfo();
  let code;
  try {
    code = await new Promise((resolve, reject) => {
      current = reject;
      runCli(args, io).then(resolve, reject);
    });
  } catch (error) {
    stderr.stream.write(`${error?.stack ?? error}\n`);
    code = 1; // what Node exits with on an uncaught error
  }
  current = undefined;
  // A process ends when nothing is left to do: work the command started and did not await
  // (a write, a git process) ends before the call does, as it would before the process exits.
  while (busierThan(before)) await new Promise((resolve) => setTimeout(resolve, 2));
  port.postMessage({ code, stdout: stdout.text(), stderr: stderr.text() });
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
