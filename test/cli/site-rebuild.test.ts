import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { acceptAdr, runCli, tempDir, testEnv } from "../support/repo.js";
import { makeSiteRepo, type SiteRepo, siteFiles } from "../support/site-repo.js";

type Built = { pages: number; written: number; unchanged: number; removed: number };

// A rebuild renders only the pages whose key changed: every kind of change to the log, the ADRs
// or HEAD must leave the rebuilt folder byte for byte what a build into a new folder writes.
describe.each(["cli", "embedded"])("site rebuilds with the %s git adapter", (adapter) => {
  let site: SiteRepo;
  let fresh = 0;
  const env = testEnv({ ADRIFT_GIT: adapter });
  const build = (out: string) =>
    site.repo.adriftJson<Built>(["site", "build", "--out", out], { env });
  /** Rebuilds the kept folder, builds a new one, and compares them; returns the rebuild's figures. */
  const rebuildMatchesFresh = (): Built => {
    const before = siteFiles(path.join(site.repo.dir, "kept"));
    const rebuilt = build("kept");
    const name = `fresh-${fresh++}`;
    build(name);
    const kept = siteFiles(path.join(site.repo.dir, "kept"));
    const full = siteFiles(path.join(site.repo.dir, name));
    expect([...kept.keys()].sort()).toEqual([...full.keys()].sort());
    for (const [file, text] of full) expect(kept.get(file), file).toBe(text);
    // Written: exactly the pages whose bytes changed (or are new).
    const changed = [...kept].filter(
      ([file, text]) => file !== ".adrift-site.json" && before.get(file) !== text,
    );
    expect(rebuilt.written).toBe(changed.length);
    return rebuilt;
  };

  beforeAll(() => {
    site = makeSiteRepo();
    site.repo.write(".gitignore", "kept/\nfresh-*/\n");
    site.repo.commit("ignore the sites");
    build("kept");
  });

  it("after nothing changed: nothing is written", () => {
    expect(rebuildMatchesFresh().written).toBe(0);
  });

  it("after a page was removed by hand, and nothing else changed: that page is written again", () => {
    rmSync(path.join(site.repo.dir, "kept/records", `${site.parser}.html`));
    expect(rebuildMatchesFresh().written).toBe(1);
    rmSync(path.join(site.repo.dir, "kept/graph.html"));
    expect(rebuildMatchesFresh().written).toBe(1);
    expect(rebuildMatchesFresh().written).toBe(0);
  });

  it("after a new decision: its page and the lists", () => {
    site.repo.adrift([
      "decision",
      "record",
      "--outcome",
      "Dates print in UTC",
      "--path",
      "src/format.ts",
    ]);
    expect(rebuildMatchesFresh().written).toBeGreaterThan(0);
  });

  /** Records a decision at HEAD, as a user would (`--path` names code). */
  const record = (outcome: string, ...args: string[]) =>
    site.repo.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      outcome,
      ...args.flatMap((a) => (a.startsWith("--") || !a.includes("/") ? [a] : ["--path", a])),
    ]).id;
  /** The profile notes of a rebuild of the kept folder (ADRIFT_PROFILE), before it is compared. */
  const notesOfRebuild = (): string => {
    // A copy inside the work tree (ignored, as `fresh-*`): the kept folder is rebuilt after.
    const copy = path.join(site.repo.dir, "fresh-notes");
    rmSync(copy, { recursive: true, force: true });
    cpSync(path.join(site.repo.dir, "kept"), copy, { recursive: true });
    const run = runCli(site.repo.dir, ["site", "build", "--out", copy, "--json"], {
      env: { ...env, ADRIFT_PROFILE: "1" },
    });
    expect(run.code, run.stderr).toBe(0);
    return run.stderr;
  };
  const KEPT = "staleness as the last build left it";

  it("after new records based on HEAD: staleness as the last build left it, lists added to", () => {
    record("Times print with their offset", "src/format.ts");
    site.repo.adrift(["intent", "record", "--outcome", "Keep parsing lenient"]);
    record("Nothing in code yet");
    expect(notesOfRebuild()).toContain(KEPT);
    expect(rebuildMatchesFresh().written).toBeGreaterThan(0);
  });

  it("after a new record and a record's page removed: staleness computed, the page drawn", () => {
    record("Retries back off", "src/net/retry.ts");
    rmSync(path.join(site.repo.dir, "kept/records", `${site.parser}.html`));
    rebuildMatchesFresh();
  });

  it("after a new record and the lists changed by hand or removed: the lists drawn whole", () => {
    record("Sockets close on idle", "src/net/client.ts");
    for (const page of ["records.html", "search.html"]) {
      const file = path.join(site.repo.dir, "kept", page);
      writeFileSync(file, readFileSync(file, "utf8").replace("<h1>", "<h1>Edited "));
    }
    rebuildMatchesFresh();
    record("Sockets reconnect at once", "src/net/client.ts");
    rmSync(path.join(site.repo.dir, "kept/search.html"));
    rebuildMatchesFresh();
  });

  it("after a new record with the manifest's staleness unreadable: staleness computed", () => {
    record("Logs are JSON lines", "src/format.ts");
    const file = path.join(site.repo.dir, "kept/.adrift-site.json");
    const manifest = () => JSON.parse(readFileSync(file, "utf8"));
    const unreadable = manifest();
    unreadable.basis.states = { fresh: "not a list", toString: [] };
    writeFileSync(file, JSON.stringify(unreadable));
    expect(notesOfRebuild()).not.toContain(KEPT);
    rebuildMatchesFresh();
    // A manifest written before builds kept staleness
    const older = manifest();
    delete older.basis.states;
    writeFileSync(file, JSON.stringify(older));
    record("Logs rotate daily", "src/format.ts");
    expect(notesOfRebuild()).not.toContain(KEPT);
    rebuildMatchesFresh();
  });

  it("after a new record with an anchor: staleness computed (anchors are judged)", () => {
    record("format keeps its signature", "src/format.ts#format");
    expect(notesOfRebuild()).not.toContain(KEPT);
    rebuildMatchesFresh();
  });

  it("after a new record based on an older commit: staleness computed", () => {
    const older = site.repo.git("rev-parse", "HEAD~1").trim();
    // Based on an older commit, the record is judged from history, not taken as fresh.
    record("Parsing accepts week dates", "src/parse.ts", "--revision", older);
    expect(notesOfRebuild()).not.toContain(KEPT);
    rebuildMatchesFresh();
  });

  it("after two new decisions, rebuilt after each: the staleness cache left as it was", () => {
    const cache = path.join(site.repo.dir, ".git/adrift/stale-cache.json");
    const report = path.join(site.repo.dir, ".git/adrift/stale-report.json");
    site.repo.adrift(["stale"], { env }); // the cache and the report at this log
    const stored = [readFileSync(cache, "utf8"), readFileSync(report, "utf8")];
    for (const outcome of ["Weeks start on Monday", "Durations print in ISO 8601"]) {
      site.repo.adrift(["decision", "record", "--outcome", outcome, "--path", "src/parse.ts"]);
      expect(rebuildMatchesFresh().written).toBeGreaterThan(0);
    }
    // Records based on HEAD are judged without history: the site does not write the report
    // back for them; `stale` then carries it forward exactly as a computation from scratch.
    expect([readFileSync(cache, "utf8"), readFileSync(report, "utf8")]).toEqual(stored);
    const carried = site.repo.adriftJson<unknown>(["stale"], { env });
    const copy = tempDir("adrift-site-copy-");
    cpSync(site.repo.dir, copy, { recursive: true });
    rmSync(path.join(copy, ".git/adrift"), { recursive: true, force: true });
    const scratch = runCli(copy, ["stale", "--json"], { env });
    expect(carried).toEqual(JSON.parse(scratch.stdout));
    expect(readFileSync(report, "utf8")).not.toBe(stored[1]);
    // and a rebuild from the report `stale` wrote
    expect(rebuildMatchesFresh().written).toBe(0);
  });

  it("after a new decision marked stale at once (a drift starts: nothing is patched)", () => {
    const { id } = site.repo.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      "Caches are warmed at start",
      "--path",
      "src/cache/",
    ]);
    site.repo.adrift(["decision", "mark-stale", id, "--note", "the cache moved"]);
    expect(rebuildMatchesFresh().written).toBeGreaterThan(0);
  });

  it("after an amendment of a superseded record: the pages that show its title too", () => {
    site.repo.adrift([
      "intent",
      "amend",
      site.superseded,
      "--outcome",
      "Client keeps one socket open",
    ]);
    rebuildMatchesFresh();
  });

  it("after a new accepted ADR", () => {
    acceptAdr(site.repo, "Caching stays in memory", "caching", 3);
    site.repo.commit("ADR 3");
    rebuildMatchesFresh();
  });

  it("after a commit that makes a fresh record stale", () => {
    site.repo.commit("guide grows", { "docs/guide.md": "# Guide\n\nMore words.\n" });
    rebuildMatchesFresh();
  });

  it("after a re-verification and a stale mark", () => {
    site.repo.adrift(["decision", "reverify", site.parser]);
    site.repo.adrift(["decision", "mark-stale", site.emoji, "--note", "bundlers changed"]);
    rebuildMatchesFresh();
  });

  it("after a supersession and an answered question", () => {
    site.repo.adrift(["decision", "supersede", site.portuguese, "--by", site.cyrillic]);
    const { id } = site.repo.adriftJson<{ id: string }>(["question", "ask", "Drop Node 20?"]);
    site.repo.adrift(["question", "answer", id, "--answer", "Not before 2027"]);
    rebuildMatchesFresh();
  });

  it("after a log line was changed in place (not an append)", () => {
    const folder = path.join(site.repo.dir, ".decisions/log");
    const file = readdirSync(folder)
      .map((name) => path.join(folder, name))
      .find((f) => readFileSync(f, "utf8").includes("Ship ESM only"))!;
    writeFileSync(file, readFileSync(file, "utf8").replace("Ship ESM only", "Ship ESM and CJS"));
    rebuildMatchesFresh();
    expect(readFileSync(path.join(site.repo.dir, "kept/index.html"), "utf8")).toContain(
      "Ship ESM and CJS",
    );
  });

  it("after an ADR's status changed in the work tree (the graph and its page show it)", () => {
    const text = site.repo.read(site.adrPath);
    expect(text).toMatch(/^status: accepted$/m);
    site.repo.write(site.adrPath, text.replace(/^status: accepted$/m, "status: deprecated"));
    expect(rebuildMatchesFresh().written).toBeGreaterThan(0);
    site.repo.write(site.adrPath, text);
    rebuildMatchesFresh();
  });

  it("after an ADR's text changed in the work tree", () => {
    site.repo.write(site.adrPath, `${site.repo.read(site.adrPath)}\nOne more line.\n`);
    rebuildMatchesFresh();
  });
});
