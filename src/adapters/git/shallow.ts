import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The shallow commits of a clone: those listed in `<common git dir>/shallow`, whose parents the
 * clone does not have. Empty for a full clone.
 */
export function readShallowFile(commonDir: string): Set<string> {
  try {
    const text = readFileSync(path.join(commonDir, "shallow"), "utf8");
    return new Set(text.split("\n").filter((line) => /^[0-9a-f]{40,64}$/.test(line)));
  } catch {
    return new Set();
  }
}
