// Node 20's stand-in for Node ≥ 22.1's `module.enableCompileCache()`: V8's code cache for the
// CLI bundle's CommonJS files (dist/bundle/cli/) and for those of the packages it loads from a
// node_modules folder (yaml, isomorphic-git's dependencies…), so a start does not compile again
// the code the last start compiled. Without it every hook run and command on Node 20 spends
// ~15 ms compiling adrift's own code, and a command that checks log lines ~15 ms more compiling
// zod (a chunk of the bundle).
//
// A file is compiled as Node compiles any CommonJS file (the same wrapper, the same
// `require`), but through `vm.Script` with the cached data of its last run. The cache of a file
// is named by a digest of its text, so an edited or reinstalled bundle never meets an old cache;
// V8 itself refuses data from another Node or other flags. Data that is missing or refused is
// made at the process's exit (`flush`), with the functions the run compiled, and written
// atomically. The cache lives in a folder only its owner can write: any other folder is not
// used, and a cache that cannot be read or written only costs speed.
import { createHash } from "node:crypto";
import {
  closeSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import nodeModule, { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";

/** Where and for whom the cache is kept; the caller (main.ts) reads them from the process. */
export type CompileCacheOptions = {
  /** the folder whose `.cjs` files are cached (dist/bundle/cli/), with a trailing separator */
  bundle: string;
  /** the cache's folder: created if missing, used only when its owner alone can write it */
  folder: string;
  /** what the cached code depends on beyond the text: Node's version and the architecture */
  tag: string;
  /** the user the folder must belong to; undefined where the system has none (Windows) */
  uid: number | undefined;
};

type CompiledModule = {
  exports: unknown;
  require(id: string): unknown;
  _compile(content: string, filename: string, format?: string): unknown;
};

/**
 * Compiles the bundle's files with their cached code from now on; returns what writes the cache
 * of the files whose data was missing or refused (call it at exit), or undefined when the cache
 * cannot be used here (its folder is shared or cannot be made).
 */
export function cacheCompiledCode(options: CompileCacheOptions): (() => void) | undefined {
  const folder = path.join(options.folder, options.tag);
  if (!ownFolder(folder, options.uid)) return undefined;
  const Module = nodeModule as unknown as { prototype: CompiledModule; wrap(code: string): string };
  const compile = Module.prototype._compile;
  const toWrite: { file: string; script: vm.Script }[] = [];
  Module.prototype._compile = function (
    this: CompiledModule,
    content: string,
    filename: string,
    format?: string,
  ) {
    // An ES module a package ships (chokidar 4: `require(esm)` hands it here as "module") is
    // Node's to load: wrapped as CommonJS it would not parse.
    if (format === "module" || !cached(filename, content, options.bundle))
      return compile.call(this, content, filename, format);
    const file = path.join(folder, createHash("sha1").update(content).digest("hex"));
    const cachedData = readIfThere(file);
    let script: vm.Script;
    try {
      script = new vm.Script(Module.wrap(content), {
        filename,
        cachedData,
        // the bundle has no `import()` left (it requires instead), nor has a package's file
        // this compiles; one that slipped in still loads, with Node's experimental warning,
        // rather than throwing
        importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
      });
    } catch {
      // Not CommonJS after all (a package's `.js` written as an ES module, which Node tells
      // from its syntax), or not JavaScript: Node's own loading decides, and says why.
      return compile.call(this, content, filename, format);
    }
    if (cachedData === undefined || script.cachedDataRejected) toWrite.push({ file, script });
    const run = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
    // the module's own `require`, as Node gives it (`resolve` is made when asked)
    const resolver = () => createRequire(filename).resolve;
    const resolve = Object.assign(
      (id: string, options?: { paths?: string[] }) => resolver()(id, options),
      { paths: (id: string) => resolver().paths(id) },
    );
    const require = Object.assign((id: string) => this.require(id), {
      resolve,
      // what Node gives as `require.main`: the entry that started the process
      main: (process as { mainModule?: unknown }).mainModule,
      extensions: (nodeModule as unknown as { _extensions: unknown })._extensions,
      cache: (nodeModule as unknown as { _cache: unknown })._cache,
    });
    return run.call(this.exports, this.exports, require, this, filename, path.dirname(filename));
  };
  return () => {
    for (const { file, script } of toWrite.splice(0))
      writeAtomically(file, script.createCachedData());
  };
}

const PACKAGES = `${path.sep}node_modules${path.sep}`;

/**
 * True for a file the cache compiles: one of the bundle's, or a package's from node_modules
 * that has no `import()` (which `vm.Script` runs only through Node's experimental loader, with
 * its warning; the bundle has none left).
 */
function cached(filename: string, content: string, bundle: string): boolean {
  if (filename.startsWith(bundle)) return filename.endsWith(".cjs");
  return filename.includes(PACKAGES) && !content.includes("import(");
}

/** True when `folder` is (or could be made) a folder of `uid`'s that no one else can write. */
function ownFolder(folder: string, uid: number | undefined): boolean {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    for (const dir of [path.dirname(folder), folder]) {
      const stat = lstatSync(dir);
      if (!stat.isDirectory()) return false;
      if (uid !== undefined && (stat.uid !== uid || (stat.mode & 0o022) !== 0)) return false;
    }
    return true;
  } catch {
    return false;
  }
}

function readIfThere(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Writes `data` beside `file` and renames it into place: a reader sees all of it or none. */
function writeAtomically(file: string, data: Buffer): void {
  const scratch = `${file}.${process.pid}.tmp`;
  try {
    const fd = openSync(scratch, "wx", 0o600);
    try {
      writeSync(fd, data);
    } finally {
      closeSync(fd);
    }
    renameSync(scratch, file);
  } catch {
    rmSync(scratch, { force: true });
  }
}
