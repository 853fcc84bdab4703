/** The longest slug adrift writes in a file name; longer titles are cut at a word boundary. */
const MAX = 60;

type Slugify = (text: string, options: { lowercase: boolean; separator: string }) => string;
let slugifier: Promise<Slugify> | undefined;

/**
 * A file name slug of a title: transliterated (`Сессии переживают отказ` -> `sessii-perezhivayut-otkaz`,
 * `Décisions` -> `decisions`, `事件日志` -> `shi-jian-ri-zhi`) by the `transliteration` package,
 * lower case, words joined by dashes, cut at a word boundary within 60 characters. The
 * package (its tables are large) is loaded on first use. `fallback` when nothing is left.
 */
export async function slugOf(title: string, fallback: string): Promise<string> {
  slugifier ??= import("transliteration").then((m) => m.slugify as Slugify);
  const slugify = await slugifier;
  // An apostrophe joins a word (`adrift's` -> `adrifts`), it does not split it.
  const slug = slugify(title.replace(/['’]/g, ""), { lowercase: true, separator: "-" })
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "");
  return cutAtWord(slug) || fallback;
}

/** `a-long-title-that-goes-on` cut to at most 60 characters, never inside a word. */
export function cutAtWord(slug: string, max = MAX): string {
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max + 1);
  const end = cut.lastIndexOf("-");
  return end > 0 ? cut.slice(0, end) : slug.slice(0, max);
}
