// What every adrift process does before it loads the CLI, from either entry (start.ts, the
// binary's CommonJS entry; main.ts, its ES module one): the compiled-code cache, and
// stdout/stderr closed by their reader.
import nodeModule from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { cacheCompiledCode } from "./compile-cache.js";

/** Prepares this process to load the CLI's bundle from `bundle` (dist/bundle/cli/). */
export function startProcess(bundle: string): void {
  cacheCompiled(bundle);
  // A reader that stops early (`adrift list --json | head`) closes the pipe: that ends the
  // output, it is not an error worth a stack trace. A closed stderr only loses notes: the result
  // goes on.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
  process.stderr.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
  });
}

/**
 * Node ≥ 22.1 caches the compiled code of the modules loaded after `enableCompileCache()` (in
 * the OS temp dir, or NODE_COMPILE_CACHE; keyed by Node's version and each file's contents):
 * every later start skips compiling them. Node 20 has no such cache: there adrift keeps one for
 * its own bundle (compile-cache.ts), in the same places. NODE_DISABLE_COMPILE_CACHE (set to
 * anything) turns both off, as it does Node's.
 */
function cacheCompiled(bundle: string): void {
  const enable = (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache;
  if (enable) {
    try {
      enable();
    } catch {
      // a cache that cannot be written only costs speed
    }
    return;
  }
  if (process.env.NODE_DISABLE_COMPILE_CACHE !== undefined) return;
  const uid = process.getuid?.();
  const flush = cacheCompiledCode({
    bundle,
    folder:
      process.env.NODE_COMPILE_CACHE ||
      path.join(tmpdir(), `adrift-compile-cache-${uid ?? "user"}`),
    tag: `${process.version}-${process.arch}`,
    uid,
  });
  if (flush) process.on("exit", flush);
}
