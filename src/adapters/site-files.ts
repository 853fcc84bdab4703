import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { AdriftError } from "../core/errors.js";

/** The file in a built site that lists its pages and their digests (what a rebuild compares). */
export const SITE_MANIFEST = ".adrift-site.json";

/**
 * The manifest as a build writes it: each page's path, and at the same place in the lists beside
 * it the digest of its HTML, its size and the digest of its key ("" when it has none); each
 * folder of pages as the build left it; what the build was made from (`basis`, the caller's:
 * what the next build compares). Lists, not maps by page: 10,000 pages parse and write several
 * times faster so.
 */
type ManifestFile = {
  format: "adrift.site";
  version: 2;
  /** a digest of the code that drew the pages: another adrift's pages are all drawn again */
  renderer: string;
  pages: string[];
  digests: string[];
  sizes: number[];
  keys: string[];
  /**
   * Each folder of pages as the build left it (size, times, inode): a folder that still has
   * them holds no file added or removed since, so its pages are there without listing it.
   */
  folders: Record<string, string>;
  basis?: unknown;
};

/** What an earlier adrift wrote: the same by page, in maps. */
type ManifestFileV1 = {
  format: "adrift.site";
  renderer?: string;
  files: Record<string, string>;
  sizes?: Record<string, number>;
  keys?: Record<string, string>;
  basis?: unknown;
};

/** The last build's manifest, read: each page's place in its lists. */
export type SiteManifest = {
  renderer?: string;
  at: Map<string, number>;
  digests: string[];
  sizes: (number | undefined)[];
  keys: (string | undefined)[];
  folders: Record<string, string>;
  basis?: unknown;
};

/** What writing a site did: pages written, left as they were, removed; bytes of the site. */
export type SiteWriteResult = {
  written: number;
  unchanged: number;
  removed: number;
  bytes: number;
  pages: number;
};

function digest(text: string | Buffer): string {
  // Native and fast: a build digests every page, tens of megabytes on a large log.
  return createHash("sha1").update(text).digest("base64url");
}

function readManifest(dir: string): SiteManifest | undefined {
  let data: Partial<ManifestFile & ManifestFileV1> | undefined;
  try {
    data = JSON.parse(readFileSync(path.join(dir, SITE_MANIFEST), "utf8"));
  } catch {
    return undefined;
  }
  if (data?.format !== "adrift.site") return undefined;
  const basis = data.basis !== undefined ? { basis: data.basis } : {};
  const { pages, digests, sizes, keys } = data;
  if (
    data.version === 2 &&
    Array.isArray(pages) &&
    Array.isArray(digests) &&
    Array.isArray(sizes) &&
    Array.isArray(keys) &&
    digests.length === pages.length &&
    sizes.length === pages.length &&
    keys.length === pages.length
  ) {
    const at = new Map<string, number>();
    for (let i = 0; i < pages.length; i++) at.set(pages[i]!, i);
    return {
      ...(typeof data.renderer === "string" ? { renderer: data.renderer } : {}),
      at,
      digests,
      sizes,
      keys: keys.map((k) => k || undefined),
      folders: data.folders && typeof data.folders === "object" ? data.folders : {},
      ...basis,
    };
  }
  // An earlier adrift's: kept as a site's manifest, though its renderer draws every page again.
  if (!data.files || typeof data.files !== "object") return undefined;
  const names = Object.keys(data.files);
  return {
    ...(typeof data.renderer === "string" ? { renderer: data.renderer } : {}),
    at: new Map(names.map((page, i) => [page, i])),
    digests: names.map((page) => data.files![page]!),
    sizes: names.map((page) => data.sizes?.[page]),
    keys: names.map((page) => data.keys?.[page]),
    folders: {},
    ...basis,
  };
}

/** What the last build recorded of a page (undefined when it wrote none there). */
function builtPage(
  manifest: SiteManifest | undefined,
  page: string,
): { digest: string; size?: number; key?: string } | undefined {
  const i = manifest?.at.get(page);
  if (manifest === undefined || i === undefined) return undefined;
  const size = manifest.sizes[i];
  const key = manifest.keys[i];
  return {
    digest: manifest.digests[i]!,
    ...(size !== undefined ? { size } : {}),
    ...(key !== undefined ? { key } : {}),
  };
}

let renderer: string | undefined;

/**
 * A digest of the code that draws the pages (the modules of `core/render` and `core/site` beside
 * this one): a page kept from a build by another adrift would keep that adrift's markup, styles
 * and escaping, so a build by a new one draws every page again (and writes those that changed).
 * About a millisecond, once per process; where the modules are bundled into one file, that file.
 */
export function siteRenderer(): string {
  if (renderer) return renderer;
  const hash = createHash("sha1");
  const dirs = ["../core/render/", "../core/render/site/", "../core/site/"].map(
    (d) => new URL(d, import.meta.url),
  );
  let read = 0;
  for (const dir of dirs) {
    let names: string[] = [];
    try {
      names = readdirSync(dir)
        .filter((n) => n.endsWith(".js"))
        .sort();
    } catch {
      continue;
    }
    for (const name of names) {
      hash.update(name).update(readFileSync(new URL(name, dir)));
      read++;
    }
  }
  if (read === 0) hash.update(readFileSync(new URL(import.meta.url)));
  renderer = hash.digest("base64url");
  return renderer;
}

/** A folder's size, times and inode: adding, removing or renaming a file in it changes them. */
function folderIdentity(folder: string): string {
  const s = statSync(folder);
  return `${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.ino}`;
}

/** The page at `page` in the site in `dir` when it is as its last build wrote it (`manifest`). */
export function readBuiltPage(
  dir: string,
  manifest: SiteManifest,
  page: string,
): string | undefined {
  const wrote = builtPage(manifest, page)?.digest;
  // Another adrift's page holds its markup: it is drawn again whole, never grown.
  if (wrote === undefined || manifest.renderer !== siteRenderer()) return undefined;
  try {
    // The bytes are digested as read: the page's UTF-8, when they are what the build wrote.
    const bytes = readFileSync(path.join(dir, page));
    return digest(bytes) === wrote ? bytes.toString("utf8") : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Refuses a folder that holds files but no site manifest: a build never writes over, nor
 * removes from, a folder some other tool or a person filled.
 */
export function checkSiteFolder(dir: string): void {
  readSiteFolder(dir);
}

/** The manifest of the site in `dir` (undefined for a new or empty folder), after the same checks. */
export function readSiteFolder(dir: string): SiteManifest | undefined {
  if (!existsSync(dir)) return undefined;
  if (!statSync(dir).isDirectory())
    throw new AdriftError(
      "validation_failed",
      `${dir} is a file, not a folder: give --out a folder`,
    );
  const manifest = readManifest(dir);
  if (!manifest && readdirSync(dir).length > 0)
    throw new AdriftError(
      "validation_failed",
      `${dir} holds files that no site build wrote (no ${SITE_MANIFEST}): give --out an empty or new folder`,
    );
  return manifest;
}

/** One page of a site as a build found it: to be drawn, or kept as the last build wrote it. */
type PlannedPage = {
  page: SitePageSource;
  /** the digest of its key, when it has one */
  key?: string;
  /** what the last build recorded of it, when the page is there and its key is the same */
  kept?: { digest: string; size: number };
};

/**
 * A page to write: where, how to draw it, and (for the pages a rebuild may leave alone) its key.
 * `same`: the caller knows that what the page shows is what it showed in the last build: its
 * key is then not even computed when the last build recorded one.
 */
export type SitePageSource = {
  path: string;
  key?: () => string;
  same?: boolean;
  render: () => string;
};

/** What a build of `dir` will do: the last build's manifest and each page, kept or to draw. */
export type SitePlan<P extends SitePageSource = SitePageSource> = {
  dir: string;
  before?: SiteManifest;
  pages: (PlannedPage & { page: P })[];
  /** files of the last build that are there, by folder (read once per folder) */
  present: (page: string) => boolean;
};

/**
 * The first half of a write: which pages are kept as they are (the same key as the last build's,
 * and the file still there) and which must be drawn. Nothing is drawn or written yet, so the
 * caller can read what only the pages to draw need. The pages are asked for with what the last
 * build recorded it was made from (its `basis`, undefined for a new folder).
 */
export async function planSite<P extends SitePageSource>(
  dir: string,
  pagesAfter: (basis: unknown) => Promise<Iterable<P>>,
  /** the folder's manifest when the caller read it already (`readSiteFolder`) */
  before: SiteManifest | undefined = readSiteFolder(dir),
): Promise<SitePlan<P>> {
  const pages = await pagesAfter(before?.basis);
  // Pages another adrift drew are not kept: nothing of theirs is compared.
  const ours = before?.renderer === siteRenderer();
  // Which files are there, a folder at a time: none added or removed in a folder that is as the
  // last build left it (its pages are those the manifest lists), else one listing of it.
  const listed = new Map<string, Set<string> | "as-built">();
  const present = (page: string) => {
    // A page's path is relative, `/`-separated, without a trailing `/` (10,000 of them: no path
    // module call per page).
    const cut = page.lastIndexOf("/");
    const folder = cut < 0 ? "." : page.slice(0, cut);
    let names = listed.get(folder);
    if (!names) {
      names = new Set();
      try {
        const where = path.join(dir, folder);
        const then = before?.folders?.[folder];
        if (then !== undefined && then === folderIdentity(where)) names = "as-built";
        else names = new Set(readdirSync(where));
      } catch {}
      listed.set(folder, names);
    }
    return names === "as-built" ? before?.at.has(page) === true : names.has(page.slice(cut + 1));
  };
  const planned: (PlannedPage & { page: P })[] = [];
  for (const page of pages) {
    // By its place in the last build's lists (10,000 pages: no object made per page).
    const i = before?.at.get(page.path);
    const keyThen = ours && i !== undefined ? before?.keys[i] : undefined;
    const key =
      page.same && keyThen !== undefined
        ? keyThen
        : page.key === undefined
          ? undefined
          : digest(page.key());
    const digestThen = i === undefined ? undefined : before?.digests[i];
    const size = i === undefined ? undefined : before?.sizes[i];
    const kept =
      key !== undefined && digestThen && size !== undefined && keyThen === key && present(page.path)
        ? { digest: digestThen, size }
        : undefined;
    planned.push({ page, ...(key !== undefined ? { key } : {}), ...(kept ? { kept } : {}) });
  }
  return { dir, ...(before ? { before } : {}), pages: planned, present };
}

/**
 * The second half: draws the pages the plan does not keep, writes those whose content changed
 * (the manifest keeps each page's digest), removes the pages that are gone, writes the manifest.
 */
export function writePlannedSite(plan: SitePlan, basis?: unknown): SiteWriteResult {
  const { dir, before, present } = plan;
  const pages: string[] = [];
  const digests: string[] = [];
  const sizes: number[] = [];
  const keys: string[] = [];
  const made = new Set<string>();
  let written = 0;
  let unchanged = 0;
  let bytes = 0;
  const note = (page: string, sum: string, size: number, key: string | undefined) => {
    pages.push(page);
    digests.push(sum);
    sizes.push(size);
    keys.push(key ?? "");
    bytes += size;
  };
  for (const { page, key, kept } of plan.pages) {
    if (kept) {
      note(page.path, kept.digest, kept.size, key);
      unchanged++;
      continue;
    }
    // Encoded once: digested, measured and written as the same bytes (the records and search
    // pages are megabytes).
    const html = Buffer.from(page.render());
    const sum = digest(html);
    note(page.path, sum, html.length, key);
    if (builtPage(before, page.path)?.digest === sum && present(page.path)) {
      unchanged++;
      continue;
    }
    const file = path.join(dir, page.path);
    const folder = path.dirname(file);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    writeFileSync(file, html);
    written++;
  }
  let removed = 0;
  if (before) {
    const now = new Set(pages);
    for (const old of before.at.keys())
      if (!now.has(old)) {
        rmSync(path.join(dir, old), { force: true });
        removed++;
      }
  }
  mkdirSync(dir, { recursive: true });
  // The manifest is written over the last one (a new one changes the site's folder after this:
  // the next build lists that folder once).
  const folders: Record<string, string> = {};
  for (const page of pages) {
    const cut = page.lastIndexOf("/");
    const folder = cut < 0 ? "." : page.slice(0, cut);
    if (!(folder in folders)) folders[folder] = folderIdentity(path.join(dir, folder));
  }
  const manifest: ManifestFile = {
    format: "adrift.site",
    version: 2,
    renderer: siteRenderer(),
    pages,
    digests,
    sizes,
    keys,
    folders,
    ...(basis !== undefined ? { basis } : {}),
  };
  writeFileSync(path.join(dir, SITE_MANIFEST), `${JSON.stringify(manifest)}\n`);
  return { written, unchanged, removed, bytes, pages: pages.length };
}

/** The search engine's browser script, as the build bundled it beside adrift's code. */
export function readSearchEngineScript(): string {
  const file = new URL("../vendor/site/minisearch.js", import.meta.url);
  try {
    return readFileSync(file, "utf8")
      .replace(/\n\/\/# sourceMappingURL=.*$/m, "")
      .trim();
  } catch {
    throw new AdriftError(
      "not_found",
      "the site's search script is missing from this install (dist/vendor/site/minisearch.js): run npm run build",
    );
  }
}
