import { createHash } from "node:crypto";
import type { Stats } from "node:fs";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
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
  /**
   * Loads the schemas (zod) when telling this build's fingerprint may need them: before trusting
   * files remembered for other sources, and (`remembering`) before files are remembered. Until
   * then a file remembered for other sources is not trusted, and a save that would need the
   * fingerprint is skipped: a read that trusts every file, or reads none, loads no schema.
   */
  prepare?(remembering: boolean): Promise<void>;
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

/** zod and the event schemas, once loaded (`loadSchemas`). */
let schemas:
  | {
      z: typeof import("zod");
      EVENT_SCHEMAS: typeof import("../core/events/envelope.js").EVENT_SCHEMAS;
    }
  | undefined;

async function loadSchemas(): Promise<void> {
  if (schemas) return;
  const [z, { EVENT_SCHEMAS }] = await Promise.all([
    import("zod"),
    import("../core/events/envelope.js"),
  ]);
  schemas = { z, EVENT_SCHEMAS };
}

/**
 * A fingerprint of this build's event schemas: a change of schema invalidates the cache.
 * Undefined until the schemas are loaded.
 */
function schemasFingerprint(): string | undefined {
  if (fingerprint === undefined) {
    if (!schemas) return undefined;
    const { z, EVENT_SCHEMAS } = schemas;
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

/** Whether `cache` keeps the fingerprint for this build's sources (no schema needed then). */
function keepsFingerprint(cache: CacheFile): boolean {
  const key = schemaSources();
  return key !== undefined && cache.schemasOf?.sources === key;
}

/**
 * This build's fingerprint: the one `cache` keeps for the same sources, else computed; undefined
 * when it must be computed and the schemas are not loaded.
 */
function currentFingerprint(cache: CacheFile): string | undefined {
  return keepsFingerprint(cache) ? cache.schemasOf!.schemas : schemasFingerprint();
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
  // Files remembered under a fingerprint not known to be this build's wait for the schemas.
  let checked = Object.keys(cache.files).length === 0;
  const check = () => {
    const current = currentFingerprint(cache);
    if (current === undefined) return;
    checked = true;
    if (cache.schemas !== current) {
      cache = { version: 1, schemas: "", files: {} };
      changed = true;
    }
  };
  if (!checked) check();
  return {
    trusts: (name, stat, bytes) =>
      checked && stat.size === bytes && cache.files[name] === statKey(stat, bytes),
    async prepare(remembering) {
      if (keepsFingerprint(cache)) return;
      if (remembering || (!checked && Object.keys(cache.files).length > 0)) {
        await loadSchemas();
        if (!checked) check();
      }
    },
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
      // Without this build's fingerprint (the schemas not loaded), nothing is saved.
      const current = checked ? currentFingerprint(cache) : undefined;
      if (current === undefined) return;
      try {
        cache.schemas = current;
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
