import { existsSync } from "node:fs";
import { watch } from "chokidar";

/** A running watcher. */
export type Watcher = {
  close(): Promise<void>;
  /** settles when one of the required paths is gone and the watcher stopped itself */
  gone: Promise<string>;
};

/** How often the watcher checks that the paths it needs are still there. */
const CHECK_MS = 1000;

/**
 * Calls `onChange` once per burst of file-system changes under `paths` (debounced), never
 * twice at the same time: a burst during a run triggers one more run after it. When a path of
 * `required` disappears (the repository was deleted), it runs nothing more, closes itself and
 * settles `gone` with that path: a run then would write local state into a removed folder.
 */
export function watchPaths(
  paths: readonly string[],
  onChange: () => Promise<void>,
  options: {
    debounceMs?: number;
    required?: readonly string[];
    /** paths under the watched ones to leave alone (a build's own output, dependencies) */
    ignored?: (path: string) => boolean;
  } = {},
): Promise<Watcher> {
  const debounceMs = options.debounceMs ?? 150;
  const required = options.required ?? [];
  const watcher = watch([...paths], {
    ignoreInitial: true,
    atomic: true,
    ...(options.ignored ? { ignored: options.ignored } : {}),
  });
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  let stopped = false;
  let settleGone: (path: string) => void = () => {};
  const gone = new Promise<string>((resolve) => {
    settleGone = resolve;
  });
  const stop = async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    clearInterval(check);
    await watcher.close();
  };
  const missing = () => required.find((p) => !existsSync(p));
  const goneIfMissing = async () => {
    const path = stopped ? undefined : missing();
    if (path === undefined) return false;
    await stop();
    settleGone(path);
    return true;
  };
  // Also keeps the process alive while nothing changes: node never runs out of work mid-watch.
  const check = setInterval(() => void goneIfMissing(), CHECK_MS);
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        if (stopped || (await goneIfMissing())) return;
        await onChange();
      } while (again);
    } finally {
      running = false;
    }
  };
  watcher.on("all", () => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void run(), debounceMs);
  });
  return new Promise((resolve, reject) => {
    watcher.once("ready", () => resolve({ close: stop, gone }));
    watcher.once("error", reject);
  });
}
