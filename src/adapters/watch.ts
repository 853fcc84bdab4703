import { watch } from "chokidar";

/** A running watcher. */
export type Watcher = { close(): Promise<void> };

/**
 * Calls `onChange` once per burst of file-system changes under `paths` (debounced), never
 * twice at the same time: a burst during a run triggers one more run after it.
 */
export function watchPaths(
  paths: readonly string[],
  onChange: () => Promise<void>,
  debounceMs = 150,
): Promise<Watcher> {
  const watcher = watch([...paths], { ignoreInitial: true, atomic: true });
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await onChange();
      } while (again);
    } finally {
      running = false;
    }
  };
  watcher.on("all", () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void run(), debounceMs);
  });
  return new Promise((resolve, reject) => {
    watcher.once("ready", () =>
      resolve({
        close: async () => {
          if (timer) clearTimeout(timer);
          await watcher.close();
        },
      }),
    );
    watcher.once("error", reject);
  });
}
