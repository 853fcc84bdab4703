import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { acceptAdr, makeRepo, type TestRepo } from "./repo.js";

/** Text no page may run or let break out: markup, a script end, a script link, an RTL override. */
export const HOSTILE =
  '<img src=x onerror="window.__pwned=1"></script><script>window.__pwned=2</script><a href="javascript:window.__pwned=3">x</a> \u202Eevil\u202C';

/** A ten-thousand-character title. */
export const LONG_TITLE = `Long ${"title ".repeat(2_000)}end`;

/** What the realistic repository holds, by role. */
export type SiteRepo = {
  repo: TestRepo;
  /** the decision whose rationale holds the word "flamingo" (stale at the end) */
  parser: string;
  cyrillic: string;
  portuguese: string;
  emoji: string;
  hostile: string;
  long: string;
  superseded: string;
  replacement: string;
  stale: string[];
  adrPath: string;
};

const complete = (rationale: string, ...considered: string[]) => [
  "--trigger",
  "users asked",
  "--chosen",
  "what the outcome says",
  "--rationale",
  rationale,
  "--constraints",
  "must run on Node 20",
  ...considered.flatMap((c) => ["--considered", c]),
];

/**
 * A small real library's repository as a reviewer meets it: fourteen records (decisions and
 * cards in English, Russian, Portuguese and emoji, one of hostile text and one with a 10 KB
 * title), two accepted ADRs (one carrying hostile Markdown), a supersession, a business rule and
 * a story, an open and an answered question, and later commits that make four decisions stale.
 */
export function makeSiteRepo(): SiteRepo {
  const repo = makeRepo();
  repo.commit("library", {
    "package.json": '{ "name": "tiny-dates", "type": "module" }\n',
    "src/parse.ts": "export function parse(s: string) {\n  return new Date(s);\n}\n",
    "src/format.ts": "export function format(d: Date) {\n  return d.toISOString();\n}\n",
    "src/cache/lru.ts": "export class Lru {\n  size = 100;\n}\n",
    "src/net/retry.ts": "export const attempts = 3;\n",
    "src/net/client.ts": "export const client = {};\n",
    "docs/guide.md": "# Guide\n",
  });
  repo.adrift(["init"]);
  repo.adrift(["workline", "open", "Dates"]);
  const record = (kind: "decision" | "intent", outcome: string, args: string[], path?: string) =>
    repo.adriftJson<{ id: string }>([
      kind,
      "record",
      "--outcome",
      outcome,
      ...args,
      ...(path ? ["--path", path] : []),
    ]).id;
  const parser = record(
    "decision",
    "Parse dates with a hand-written parser",
    complete(
      "the locale tables of the flamingo library weigh 80 KB",
      "date-fns :: too heavy for a browser bundle",
    ),
    "src/parse.ts",
  );
  const cyrillic = record(
    "decision",
    "Кэш хранит не больше 500 записей",
    complete(
      "память на телефонах ограничена, поэтому кэш маленький",
      "без кэша :: слишком медленно",
    ),
    "src/cache/",
  );
  const portuguese = record(
    "decision",
    "Repetir pedidos com recuo exponencial",
    complete(
      "a rede móvel falha muitas vezes; decisão tomada após três incidentes",
      "sem repetição :: perde pedidos",
    ),
    "src/net/retry.ts",
  );
  const emoji = record(
    "decision",
    "🚀 Ship ESM only 🎉",
    complete("bundlers all read ESM now 👍"),
    "package.json",
  );
  const hostile = record(
    "decision",
    HOSTILE,
    complete(`${HOSTILE} [link](javascript:alert(1))`, `${HOSTILE} :: ${HOSTILE}`),
    "src/format.ts",
  );
  const long = record(
    "decision",
    LONG_TITLE,
    complete("a title this long must not break a page"),
    "docs/guide.md",
  );
  const superseded = record(
    "decision",
    "Client keeps one socket",
    complete("one socket is simplest"),
    "src/net/client.ts",
  );
  const replacement = record(
    "decision",
    "Client pools four sockets",
    complete("one socket stalled under load"),
    "src/net/client.ts",
  );
  repo.adrift(["decision", "supersede", superseded, "--by", replacement]);
  record(
    "intent",
    "Support ISO week dates",
    ["--trigger", "a user in Sweden asked"],
    "src/parse.ts",
  );
  record(
    "intent",
    "Format in the user's time zone",
    ["--trigger", "support tickets"],
    "src/format.ts",
  );
  record("intent", "Explain the cache in the guide", ["--trigger", "questions in issues"]);
  repo.adrift([
    "rule",
    "add",
    "Dates round-trip",
    "--key",
    "RN-1",
    "--text",
    "format(parse(s)) equals s",
  ]);
  repo.adrift(["epic", "add", "Dates", "--key", "EP-1"]);
  repo.adrift([
    "story",
    "add",
    "Round-trip ISO dates",
    "--epic",
    "EP-1",
    "--key",
    "ST-1",
    "--rule",
    "RN-1",
    "--rf",
    "parse then format gives the input",
  ]);
  repo.adrift(["question", "ask", "Должен ли кэш переживать перезапуск?", "--suggest", "нет"]);
  const answered = repo.adriftJson<{ id: string }>(["question", "ask", "Keep Node 18 support?"]).id;
  repo.adrift(["question", "answer", answered, "--answer", "No: Node 20 is the oldest we test"]);
  const adr = acceptAdr(repo, "Parsing needs no dependencies", "parsing", 1);
  acceptAdr(repo, "Network requests retry with backoff", "network", 2);
  repo.write(
    adr.path,
    `${repo.read(adr.path)}\n## Notes\n\n${HOSTILE}\n\n<script>window.__pwned=4</script>\n\n[a script link](javascript:window.__pwned=5) and [the guide](https://example.com/guide) and ![remote](https://example.com/x.png)\n\n| Option | Cost |\n| --- | --- |\n| hand-written | none |\n`,
  );
  repo.commit("records and ADRs");
  repo.adrift(["workline", "open", "Later work"]);
  repo.commit("parser rewrite", {
    "src/parse.ts": "export function parse(s: string) {\n  return new Date(Date.parse(s));\n}\n",
  });
  repo.commit("bigger cache", { "src/cache/lru.ts": "export class Lru {\n  size = 1000;\n}\n" });
  repo.commit("retry five times", { "src/net/retry.ts": "export const attempts = 5;\n" });
  repo.commit("format with offset", {
    "src/format.ts": "export function format(d: Date) {\n  return d.toString();\n}\n",
  });
  return {
    repo,
    parser,
    cyrillic,
    portuguese,
    emoji,
    hostile,
    long,
    superseded,
    replacement,
    stale: [parser, cyrillic, portuguese, hostile],
    adrPath: adr.path,
  };
}

/**
 * Every file of a built site, by path from its root (`/`-separated on this platform's terms),
 * as text. The manifest leaves out the identities (times, inodes) of the folders it was written
 * in, which no two folders share: two builds of the same inputs compare equal byte for byte.
 */
export function siteFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = readFileSync(file, "utf8");
    files.set(
      path.relative(dir, file),
      entry.name === ".adrift-site.json"
        ? JSON.stringify({ ...JSON.parse(text), folders: undefined })
        : text,
    );
  }
  return files;
}
