// The last PR comment body rendered, keyed by what it was rendered from: a digest of the model
// (as JSON) and of the code that renders it. Rendering ~400 items through the Markdown
// serializer is a fifth of a warm `pr-comment` on a big pull request, and a rerun on the same
// commits renders the same model: then the body is read back instead. A key that differs in
// any byte is a miss, so a hit can only return what rendering would return.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { writeFileAtomically } from "./atomic-file.js";
import { stateDir } from "./local-state.js";

/** Bumped whenever the stored shape or the key's meaning changes. */
const RENDERED_VERSION = 1;

type Stored = { version: number; key: string; body: string };

function renderedFile(gitDir: string): string {
  return path.join(stateDir(gitDir), "pr-comment-body.json");
}

const fingerprints = new Map<string, string | undefined>();

/**
 * A digest of the files of the modules at `urls` (the renderer's code), so a changed renderer
 * never reads a body an older one wrote; undefined when one cannot be read (a bundled build,
 * where those files do not exist): then nothing is cached.
 */
export function codeFingerprint(urls: readonly URL[]): string | undefined {
  const id = urls.map(String).join("\n");
  if (fingerprints.has(id)) return fingerprints.get(id);
  let digest: string | undefined;
  try {
    const hash = createHash("sha256");
    for (const url of urls) {
      hash.update(url.pathname);
      hash.update(readFileSync(fileURLToPath(url)));
    }
    digest = hash.digest("hex");
  } catch {
    digest = undefined;
  }
  fingerprints.set(id, digest);
  return digest;
}

/** The key of a body rendered from `model` (plain data) by the code `code` names. */
export function renderedKey(code: string, model: unknown): string {
  return createHash("sha256").update(code).update("\0").update(JSON.stringify(model)).digest("hex");
}

/** The body stored under `key`; undefined when none is, or another key's is. */
export function readRendered(gitDir: string, key: string): string | undefined {
  try {
    const stored = JSON.parse(readFileSync(renderedFile(gitDir), "utf8")) as Stored;
    return stored.version === RENDERED_VERSION &&
      stored.key === key &&
      typeof stored.body === "string"
      ? stored.body
      : undefined;
  } catch {
    return undefined;
  }
}

/** Stores `body` under `key` atomically; a failure only costs speed, so it is ignored. */
export function writeRendered(gitDir: string, key: string, body: string): void {
  try {
    const stored: Stored = { version: RENDERED_VERSION, key, body };
    writeFileAtomically(renderedFile(gitDir), JSON.stringify(stored), { mkdir: true });
  } catch {
    // the next run renders again
  }
}
