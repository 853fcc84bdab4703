import path from "node:path";
import { readRegularFile } from "../adapters/safe-file.js";
import { DECISIONS_DIR } from "../core/config-defaults.js";

/**
 * `.decisions/config.json` as text, or undefined when there is none: a regular file of at most
 * 1 MiB reached without a symbolic link (a link could lead to a secret, or to /dev/zero).
 */
export function readConfigFile(root: string): string | undefined {
  const file = path.join(root, DECISIONS_DIR, "config.json");
  const name = `${DECISIONS_DIR}/config.json`;
  return readRegularFile(file, { root, name, maxBytes: CONFIG_MAX_BYTES })?.toString("utf8");
}

/** The most `.decisions/config.json` may weigh. */
const CONFIG_MAX_BYTES = 1024 * 1024;
