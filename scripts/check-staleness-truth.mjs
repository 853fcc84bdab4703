// Checks adrift's staleness against an independent ground truth on a real repository's history.
// It clones the repository into a temporary folder (sharing its objects, or hard-linking them
// for the embedded adapter; the clone you give is left as it is), records decisions on real
// paths of an old revision (files, directories and globs), runs `adrift stale --json`, and
// compares adrift's stale set with the truth computed from plain git alone: the blobs at the
// basis and at HEAD (`git diff -M <basis> HEAD`, whole tree, so renames out of a scope are
// seen) classified per scope, and `git log` for the commits.
//
// Truth for a decision on scope S at basis B:
//   stale  — a file of S at B is modified, deleted, or renamed with edits at HEAD; or a file is
//            created where an exact-path entry of S names it;
//   moved  — otherwise, a file of S at B is at another path with the same blob, and a commit
//            renamed it (`git log --diff-filter=R`: the diff pairs any identical blobs);
//   review — otherwise, a file under a directory or glob entry of S is new;
//   fresh  — otherwise.
// Scopes are matched by git's own pathspecs (`:(literal)`, `:(glob)`), not by adrift's matcher.
// Each stale record's commits must be among `git log --full-history B..HEAD -- <scope>`.
//
// Run: node scripts/check-staleness-truth.mjs <clone> [--decisions 200] [--back 400]
//        [--at <rev>] [--seed 1] [--embedded]
// Prints precision and recall of adrift's stale set; lists every disagreement; exit 1 on any.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI = path.join(ROOT, "dist/cli/main.js");

const args = process.argv.slice(2);
const source = args.find((a) => !a.startsWith("--") && !/^\d+$/.test(a));
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
if (!source) {
  console.error(
    "usage: node scripts/check-staleness-truth.mjs <clone> [--decisions 200] [--back 400] [--at <rev>] [--seed 1] [--embedded]",
  );
  process.exit(2);
}
const decisions = Number(option("decisions", "200"));
const back = Number(option("back", "400"));
let seed = Number(option("seed", "1"));

const env = { ...process.env, GIT_CONFIG_NOSYSTEM: "1", NO_COLOR: "1" };
for (const name of ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"]) delete env[name];
for (const name of Object.keys(env)) if (name.startsWith("ADRIFT_")) delete env[name];
if (args.includes("--embedded")) env.ADRIFT_GIT = "embedded";

const work = mkdtempSync(path.join(tmpdir(), "adrift-truth-"));
const dir = path.join(work, "clone");
const git = (...a) =>
  execFileSync("git", a, { cwd: dir, env, encoding: "utf8", maxBuffer: 1 << 30 });
const z = (text) => text.split("\0").filter(Boolean);

/** A deterministic pseudo-random generator (mulberry32). */
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list, n) => {
  const copy = [...list];
  const out = [];
  while (out.length < n && copy.length > 0)
    out.push(copy.splice(Math.floor(random() * copy.length), 1)[0]);
  return out;
};

try {
  // isomorphic-git does not read objects/info/alternates: the embedded adapter gets a clone of
  // its own (hard links), the git CLI one a clone sharing the given one's objects.
  const sharing = args.includes("--embedded") ? [] : ["--shared"];
  execFileSync("git", ["clone", "-q", ...sharing, "--no-checkout", path.resolve(source), dir], {
    env,
  });
  git("config", "user.name", "Truth Check");
  git("config", "user.email", "truth@example.com");
  git("checkout", "-q", "--detach", "HEAD");
  const head = git("rev-parse", "HEAD").trim();
  const basis = option("at")
    ? git("rev-parse", `${option("at")}^{commit}`).trim()
    : git("rev-list", "--first-parent", `--skip=${back}`, "-1", "HEAD").trim();
  if (!basis) {
    const length = git("rev-list", "--first-parent", "--count", "HEAD").trim();
    throw new Error(`--back ${back}: HEAD's first-parent history has only ${length} commits`);
  }

  // Scopes on real paths at the basis: files, directories, globs of an extension found there.
  const files = z(git("ls-tree", "-r", "-z", "--name-only", basis));
  const dirs = [
    ...new Set(files.filter((f) => f.includes("/")).map((f) => f.replace(/[^/]*$/, ""))),
  ];
  const globs = [];
  for (const d of dirs) {
    const ext = files.find((f) => f.startsWith(d) && /\.[a-z]+$/.test(f))?.match(/\.[a-z]+$/)?.[0];
    if (ext) globs.push(`${d}**/*${ext}`);
  }
  // A scope entry naming a file or folder that exists at the basis is that path, even with glob
  // characters in it (route folders such as `app/[id]/`); any other entry with them is a glob.
  // A glob's folders that exist are read literally too (git's wildmatch, escaped).
  const existing = new Set([...files, ...dirs.map((d) => d.slice(0, -1))]);
  const GLOBBY = /[*?[\]{}]/;
  const isLiteral = (entry) => !GLOBBY.test(entry) || existing.has(entry.replace(/\/$/, ""));
  const gitGlob = (entry) => {
    const segments = entry.split("/");
    for (let i = 0; i < segments.length - 1; i++) {
      if (!existing.has(segments.slice(0, i + 1).join("/"))) break;
      segments[i] = segments[i].replace(/[*?[\]{}\\]/g, "\\$&");
    }
    return segments.join("/");
  };
  const scopes = [
    ...pick(files, Math.round(decisions * 0.6)).map((f) => [f]),
    ...pick(dirs, Math.round(decisions * 0.25)).map((d) => [d]),
    ...pick(globs, Math.round(decisions * 0.1)).map((g) => [g]),
  ];
  while (scopes.length < decisions) scopes.push([...pick(files, 1), ...pick(dirs, 1)]);
  scopes.length = decisions;

  // adrift records them (its own fingerprints), in the clone's working tree.
  const { openRepository } = await import(path.join(ROOT, "dist/index.js"));
  const repo = await openRepository(dir, { env });
  await repo.init();
  const ids = [];
  for (const [i, touched] of scopes.entries()) {
    const { id } = await repo.recordDecision({
      outcome: `decision ${i} on ${touched.join(", ")}`,
      touched_paths: touched,
      revision: basis,
    });
    ids.push(id);
  }
  const run = spawnSync(process.execPath, [CLI, "stale", "--json"], {
    cwd: dir,
    env,
    encoding: "utf8",
    maxBuffer: 1 << 30,
  });
  if (run.status !== 0) throw new Error(`adrift stale failed (${run.status}): ${run.stderr}`);
  const report = JSON.parse(run.stdout);
  const byId = new Map(report.findings.map((f) => [f.record_id, f]));

  // The truth, from git alone: the whole tree's diff from the basis to HEAD.
  const changes = [];
  const tokens = z(git("diff", "-z", "--raw", "--no-abbrev", "-M", basis, head, "--"));
  for (let i = 0; i < tokens.length; ) {
    const [, , , , status] = tokens[i].slice(1).split(" ");
    if (status[0] === "R" || status[0] === "C") {
      changes.push({
        status: status[0],
        score: Number(status.slice(1)),
        from: tokens[i + 1],
        path: tokens[i + 2],
      });
      i += 3;
    } else {
      changes.push({ status: status[0], path: tokens[i + 1] });
      i += 2;
    }
  }
  const pathspec = (entry) =>
    isLiteral(entry) ? `:(literal)${entry.replace(/\/$/, "")}` : `:(glob)${gitGlob(entry)}`;
  // git's pathspec rules: a literal path matches itself and what is below it; a glob is what
  // `git diff --name-only <empty tree> <rev> -- :(glob)<entry>` lists at the basis and at HEAD.
  const globMatches = new Map();
  const matchesPathspec = (entry, p) => {
    if (isLiteral(entry)) {
      const base = entry.replace(/\/$/, "");
      return p === base || p.startsWith(`${base}/`);
    }
    return globMatches.get(entry).has(p);
  };
  const empty = git("hash-object", "-t", "tree", "/dev/null").trim();
  for (const touched of scopes.flat())
    if (!isLiteral(touched) && !globMatches.has(touched)) {
      const found = new Set();
      for (const rev of [basis, head])
        for (const p of z(git("diff", "-z", "--name-only", empty, rev, "--", pathspec(touched))))
          found.add(p);
      // Every path of the diff exists at one end or the other.
      globMatches.set(touched, found);
    }

  // The diff pairs identical blobs however they came to be (an empty file deleted here and
  // another added there): a move is a move only when some commit renamed the file (git log).
  // One whole log: a log limited to the old path cannot see the new one, so finds no rename.
  const renamedFrom = new Set();
  const renames = z(
    git(
      "log",
      "--full-history",
      "-M",
      "--diff-filter=R",
      "--format=",
      "--name-status",
      "-z",
      `${basis}..${head}`,
    ),
  );
  for (let i = 0; i < renames.length; i++)
    if (/^R\d*$/.test(renames[i].trim())) {
      renamedFrom.add(renames[i + 1]);
      i += 2;
    }
  const renamedByACommit = (from) => renamedFrom.has(from);

  const truth = new Map();
  scopes.forEach((touched, i) => {
    const inScope = (p) => touched.some((e) => matchesPathspec(e, p));
    const exact = (p) => touched.some((e) => isLiteral(e) && !e.endsWith("/") && e === p);
    let state = "fresh";
    const rank = { fresh: 0, moved: 1, review: 2, stale: 3 };
    const raise = (s) => {
      if (rank[s] > rank[state]) state = s;
    };
    for (const c of changes) {
      if (c.status === "R") {
        if (inScope(c.from)) raise(c.score === 100 && renamedByACommit(c.from) ? "moved" : "stale");
        else if (inScope(c.path)) raise(exact(c.path) ? "stale" : "review");
      } else if (c.status === "A" || c.status === "C") {
        if (inScope(c.path)) raise(exact(c.path) ? "stale" : "review");
      } else if (inScope(c.path)) raise("stale");
    }
    truth.set(ids[i], state);
  });

  // Compare.
  const adriftStale = new Set(ids.filter((id) => byId.get(id)?.state === "stale"));
  const truthStale = new Set(ids.filter((id) => truth.get(id) === "stale"));
  const both = [...adriftStale].filter((id) => truthStale.has(id)).length;
  const precision = adriftStale.size === 0 ? 1 : both / adriftStale.size;
  const recall = truthStale.size === 0 ? 1 : both / truthStale.size;
  const states = { agree: 0, disagree: 0 };
  const problems = [];
  ids.forEach((id, i) => {
    const finding = byId.get(id);
    const expected = truth.get(id);
    if (finding?.state === expected) states.agree++;
    else {
      states.disagree++;
      problems.push(
        `${id} ${scopes[i].join(", ")}: adrift ${finding?.state ?? "missing"}, truth ${expected}`,
      );
    }
  });
  // The commits adrift names for a stale record changed its scope (git log, full history).
  let checkedCommits = 0;
  ids.forEach((id, i) => {
    const finding = byId.get(id);
    if (finding?.state !== "stale" || finding.commits.length === 0) return;
    const specs = scopes[i].map(pathspec);
    const touchedScope = new Set(
      git("log", "--full-history", "--format=%H", `${basis}..${head}`, "--", ...specs)
        .trim()
        .split("\n"),
    );
    for (const c of finding.commits) {
      checkedCommits++;
      const renamed = finding.paths.some((p) => p.change === "renamed");
      if (!touchedScope.has(c.hash) && !renamed)
        problems.push(
          `${id} ${scopes[i].join(", ")}: names ${c.hash.slice(0, 10)}, which git log -- <scope> does not list`,
        );
    }
  });
  const name = path.basename(path.resolve(source));
  const commitsBetween = git("rev-list", "--count", `${basis}..${head}`).trim();
  console.log(
    `${name}: ${decisions} decisions at ${basis.slice(0, 10)} (${commitsBetween} commits before HEAD ${head.slice(0, 10)}), adrift ${env.ADRIFT_GIT === "embedded" ? "embedded" : "git CLI"} adapter`,
  );
  const count = (m, s) => [...m.values()].filter((v) => v === s).length;
  console.log(
    `truth: ${truthStale.size} stale, ${count(truth, "moved")} moved, ${count(truth, "review")} review, ${count(truth, "fresh")} fresh`,
  );
  console.log(
    `adrift: ${adriftStale.size} stale; states agree on ${states.agree}/${ids.length}; ${checkedCommits} named commits checked`,
  );
  console.log(`precision ${precision.toFixed(2)}  recall ${recall.toFixed(2)}`);
  const odd = scopes.filter((touched) => touched.some((e) => GLOBBY.test(e) && isLiteral(e)));
  if (odd.length > 0)
    console.log(`${odd.length} scopes name files or folders with glob characters in their names`);
  for (const p of problems) console.log(`  ${p}`);
  process.exitCode = problems.length > 0 ? 1 : 0;
} finally {
  if (!process.env.KEEP) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
}
