import { createHash } from "node:crypto";
import type { Stats } from "node:fs";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as z from "zod";
import { EVENT_SCHEMAS } from "../core/events/envelope.js";
import { fnv1a } from "../core/fnv.js";
import { writeFileAtomically } from "./atomic-file.js";
import { statIdentity } from "./log-files.js";

/**
 * Which log files were fully validated, by their stat identity (as git's index trusts a file
 * whose stat did not change). A file appended to, rewritten or touched is validated again;
 * a file is only remembered when every line matched its schema exactly as written (no
 * defaults to fill, no unknown fields), so its JSON can stand for the validated event.
 */
export type ValidatedFiles = {
  /** True when `file` was validated with this stat and these schemas. */
  trusts(file: string, stat: Stats, bytes: number): boolean;
  /** Remembers that `file` (read with this stat) validated cleanly. */
  remember(file: string, stat: Stats, bytes: number): void;
  /**
   * Remembers `file` as an append of `bytes` whose lines validated cleanly (the caller checked
   * them) left it: only when the file was trusted with its stat just `before` the append (or
   * was empty) and nothing else was written to it (`after`).
   */
  rememberAppend(file: string, before: Stats, after: Stats, bytes: number): void;
  /** Forgets files not seen in this read and saves the cache when it changed; never throws. */
  save(seen: readonly string[]): void;
};

type CacheFile = {
  version: 1;
  schemas: string;
  files: Record<string, string>;
  /** the fingerprint of the schemas built from the sources with this digest (`schemaSources`) */
  schemasOf?: { sources: string; schemas: string };
};

/**
 * Bump when a custom check (a refine, such as the scope-path rules) changes: JSON Schema, which
 * fingerprints the rest of the schemas, cannot describe those.
 */
const CHECKS_REVISION = 1;

let fingerprint: string | undefined;
/** False when the schemas could not be fingerprinted: that fingerprint is never kept. */
let fingerprinted = true;

/** A fingerprint of this build's event schemas: a change of schema invalidates the cache. */
function schemasFingerprint(): string {
  if (fingerprint === undefined) {
    let text: string;
    try {
      text = JSON.stringify([
        CHECKS_REVISION,
        Object.entries(EVENT_SCHEMAS).map(([type, schema]) => [
          type,
          z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }),
        ]),
      ]);
    } catch {
      // A schema JSON Schema cannot describe: never trust a cached file rather than guess.
      text = `untrusted-${process.pid}-${Date.now()}`;
      fingerprinted = false;
    }
    fingerprint = `${text.length}-${fnv1a(text).toString(36)}`;
  }
  return fingerprint;
}

let sources: string | null | undefined;

/**
 * A digest of what the schemas are built from: every module of core/events/ (they import no
 * other module of adrift's, test/lib/validated-files.test.ts holds them to it), zod's manifest
 * and `CHECKS_REVISION`. A fingerprint kept with the same digest is this build's: converting
 * every schema to JSON Schema again costs ~15 ms at each start. Undefined when those files
 * cannot be read (a bundled build): then the fingerprint is computed.
 */
function schemaSources(): string | undefined {
  if (sources === undefined) {
    try {
      const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "core", "events");
      const hash = createHash("sha256").update(`${CHECKS_REVISION}\0`);
      for (const name of readdirSync(dir).sort())
        if (/\.[jt]s$/.test(name) && !name.endsWith(".d.ts"))
          hash
            .update(`${name}\0`)
            .update(readFileSync(path.join(dir, name)))
            .update("\0");
      const zod = createRequire(import.meta.url).resolve("zod/package.json");
      sources = hash.update(readFileSync(zod)).digest("hex");
    } catch {
      sources = null;
    }
  }
  return sources ?? undefined;
}

/** This build's fingerprint: the one `cache` keeps for the same sources, else computed. */
function currentFingerprint(cache: CacheFile): string {
  const key = schemaSources();
  return key !== undefined && cache.schemasOf?.sources === key
    ? cache.schemasOf.schemas
    : schemasFingerprint();
}

const statKey = (stat: Stats, bytes: number) => `${bytes}:${statIdentity(stat)}`;

/** Opens the cache kept in `file` (under the clone's git dir). */
export function openValidatedFiles(file: string): ValidatedFiles {
  let cache: CacheFile = { version: 1, schemas: "", files: {} };
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as CacheFile;
    if (parsed.version === 1 && typeof parsed.files === "object") cache = parsed;
  } catch {
    // no cache yet, or an unreadable one: start afresh
  }
  let changed = false;
  if (Object.keys(cache.files).length > 0 && cache.schemas !== currentFingerprint(cache)) {
    cache = { version: 1, schemas: "", files: {} };
    changed = true;
  }
  return {
    trusts: (name, stat, bytes) =>
      stat.size === bytes && cache.files[name] === statKey(stat, bytes),
    remember(name, stat, bytes) {
      if (stat.size !== bytes) return; // the file grew while it was read: check it next time
      cache.files[name] = statKey(stat, bytes);
      changed = true;
    },
    rememberAppend(name, before, after, bytes) {
      const wasTrusted = before.size === 0 || cache.files[name] === statKey(before, before.size);
      if (!wasTrusted || after.ino !== before.ino || after.size !== before.size + bytes) return;
      cache.files[name] = statKey(after, after.size);
      changed = true;
    },
    save(seen) {
      const keep = new Set(seen);
      for (const name of Object.keys(cache.files))
        if (!keep.has(name)) {
          delete cache.files[name];
          changed = true;
        }
      if (!changed) return;
      try {
        cache.schemas = currentFingerprint(cache);
        const key = schemaSources();
        if (key !== undefined && fingerprinted)
          cache.schemasOf = { sources: key, schemas: cache.schemas };
        writeFileAtomically(file, JSON.stringify(cache), { mkdir: true });
      } catch {
        // a cache that cannot be written only costs time on the next read
      }
    },
  };
}
