// Types of generate-log.mjs, for the tests that build a big log with it.
/** Writes `events` events spread over `files` files under `logDir`. */
export function generateLog(logDir: string, events: number, files: number): void;
