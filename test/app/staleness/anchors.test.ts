// Anchored staleness on real repositories: for each cause of a false alarm a file scope raises,
// the anchored record stays quiet (touched or fresh), and its twin, where the premise itself
// changes, is stale. Both git adapters.
import { rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openRepository } from "../../../src/app/repository.js";
import type { StaleFinding } from "../../../src/core/staleness/types.js";
import { makeRepo, type TestRepo, testEnv } from "../../support/repo.js";

const ADAPTERS = ["cli", "embedded"] as const;

const AUTH = `import type { User } from "./user";
import { hash } from "./crypto";

// Sessions last a day; admins get half.
export function sessionTtl(user: User): number {
  const base = 24 * 60 * 60;
  return user.admin ? base / 2 : base;
}

export function unrelated(x: number): number {
  return x * 2;
}

export interface Options {
  ttl: number;
  retries: number;
}

export class Store {
  get(key: string) {
    return hash(key);
  }
  put(key: string, value: string) {
    return value + key;
  }
}
`;

const PACKAGE = `${JSON.stringify(
  { name: "x", engines: { node: ">=20" }, scripts: { build: "tsc" } },
  null,
  2,
)}\n`;

describe.each(ADAPTERS)("anchored staleness with the %s git adapter", (adapter) => {
  const env = testEnv(adapter === "embedded" ? { ADRIFT_GIT: "embedded" } : {});
  const open = (dir: string) => openRepository(dir, { env });
  const seeded = () => {
    const repo = makeRepo();
    repo.commit("code", { "src/auth.ts": AUTH, "package.json": PACKAGE });
    return repo;
  };
  const decide = async (repo: TestRepo, paths: string[]) =>
    (
      await (
        await open(repo.dir)
      ).recordDecision({
        outcome: "o",
        chosen_approach: "c",
        selection_rationale: "r",
        touched_paths: paths,
      })
    ).id;
  const finding = async (repo: TestRepo, id: string): Promise<StaleFinding> =>
    (await (await open(repo.dir)).stale()).findings.find((f) => f.record_id === id)!;
  const edit = (repo: TestRepo, file: string, from: string | RegExp, to: string) =>
    repo.commit(`edit ${file}`, { [file]: repo.read(file).replace(from, to) });

  /** The record on `anchor` after `quiet` (not stale), then after `premise` (stale). */
  const twins = async (
    anchor: string,
    quiet: (repo: TestRepo) => void,
    premise: (repo: TestRepo) => void,
  ) => {
    const repo = seeded();
    const id = await decide(repo, [anchor]);
    quiet(repo);
    const calm = await finding(repo, id);
    premise(repo);
    const hash = repo.git("rev-parse", "HEAD").trim();
    const stale = await finding(repo, id);
    return { calm, stale, hash };
  };

  it("stores each anchor's fingerprint in the basis, its file in the scope", async () => {
    const repo = seeded();
    const recorded = await (await open(repo.dir)).recordDecision({
      outcome: "o",
      touched_paths: ["src/auth.ts#sessionTtl", "package.json#engines.node"],
    });
    const basis = (recorded.event.data as { basis: { touched_paths: string[]; anchors: unknown } })
      .basis;
    expect(basis.touched_paths).toEqual(["src/auth.ts", "package.json"]);
    expect(basis.anchors).toEqual([
      expect.objectContaining({ path: "src/auth.ts", symbol: "sessionTtl" }),
      expect.objectContaining({ path: "package.json", symbol: "engines.node" }),
    ]);
  });

  it("an anchor naming no symbol is an error naming close ones", async () => {
    const repo = seeded();
    await expect(decide(repo, ["src/auth.ts#sessionTT"])).rejects.toMatchObject({
      code: "validation_failed",
      details: { close: expect.arrayContaining(["sessionTtl"]) },
    });
  });

  it("a # in a file's own name is a path; an unsupported file falls back whole, said so", async () => {
    const repo = seeded();
    repo.commit("odd", { "docs/c#.md": "c sharp\n", "notes.txt": "n\n" });
    const api = await open(repo.dir);
    const plain = await api.recordDecision({ outcome: "o", touched_paths: ["docs/c#.md"] });
    expect((plain.event.data as { basis: { anchors?: unknown } }).basis.anchors).toBeUndefined();
    const whole = await api.recordDecision({ outcome: "o", touched_paths: ["notes.txt#intro"] });
    expect(
      (whole.event.data as { basis: { touched_paths: string[] } }).basis.touched_paths,
    ).toEqual(["notes.txt"]);
    expect(whole.notes.warnings.join("\n")).toMatch(/notes\.txt.*whole file/);
  });

  it("an unrelated function in the same file: touched; the anchored one changed: stale", async () => {
    const { calm, stale, hash } = await twins(
      "src/auth.ts#sessionTtl",
      (r) => edit(r, "src/auth.ts", "x * 2", "x * 3"),
      (r) => edit(r, "src/auth.ts", "base / 2", "base / 4"),
    );
    expect(calm.state).toBe("touched");
    expect(stale.state).toBe("stale");
    expect(stale.anchors).toEqual([
      expect.objectContaining({ symbol: "sessionTtl", change: "modified", commits: [hash] }),
    ]);
    expect(stale.commits.map((c) => c.hash)).toEqual([hash]);
  });

  it("only imports and comments changed: touched; a token of the anchor changed: stale", async () => {
    const { calm, stale } = await twins(
      "src/auth.ts#sessionTtl",
      (r) =>
        r.commit("move folder", {
          "src/auth.ts": r
            .read("src/auth.ts")
            .replace('"./crypto"', '"../lib/crypto"')
            .replace("// Sessions last a day; admins get half.", "// One day.")
            .replace("const base", "// seconds\n  const base"),
        }),
      (r) => edit(r, "src/auth.ts", "24 * 60", "12 * 60"),
    );
    expect(calm.state).toBe("touched");
    expect(stale.state).toBe("stale");
  });

  it("a mechanical rename of an identifier the anchor uses: touched; its logic changed: stale", async () => {
    const { calm, stale } = await twins(
      "src/auth.ts#sessionTtl",
      (r) =>
        r.commit("rename User", {
          "src/auth.ts": r.read("src/auth.ts").replaceAll("User", "Account"),
        }),
      (r) => edit(r, "src/auth.ts", "user.admin ?", "!user.admin ?"),
    );
    expect(calm.state).toBe("touched");
    expect(calm.anchors?.[0]).toMatchObject({
      change: "unchanged",
      renamed_identifiers: [["User", "Account"]],
    });
    expect(stale.state).toBe("stale");
  });

  it("an unrelated member of a shared type: touched; the anchored member changed: stale", async () => {
    const { calm, stale } = await twins(
      "src/auth.ts#Options.ttl",
      (r) => edit(r, "src/auth.ts", "retries: number", "retries?: number"),
      (r) => edit(r, "src/auth.ts", "ttl: number", "ttl: bigint"),
    );
    expect(calm.state).toBe("touched");
    expect(stale.state).toBe("stale");
  });

  it("lines inside another method changed: touched; inside the anchored one: stale", async () => {
    const { calm, stale } = await twins(
      "src/auth.ts#Store.get",
      (r) => edit(r, "src/auth.ts", "value + key", "key + value"),
      (r) => edit(r, "src/auth.ts", "hash(key)", "hash(key.trim())"),
    );
    expect(calm.state).toBe("touched");
    expect(stale.state).toBe("stale");
  });

  it("an unrelated key of a config file: touched; the anchored key changed: stale", async () => {
    const { calm, stale } = await twins(
      "package.json#engines.node",
      (r) => edit(r, "package.json", '"build": "tsc"', '"build": "tsc -b"'),
      (r) => edit(r, "package.json", '">=20"', '">=22"'),
    );
    expect(calm.state).toBe("touched");
    expect(stale.state).toBe("stale");
    expect(stale.anchors?.[0]).toMatchObject({ symbol: "engines.node", change: "modified" });
  });

  it("a function moved unchanged to another file: moved there; moved with a change: stale", async () => {
    const { calm, stale } = await twins(
      "src/auth.ts#unrelated",
      (r) =>
        r.commit("move", {
          "src/auth.ts": r.read("src/auth.ts").replace(/export function unrelated[^}]*}\n/, ""),
          "src/math.ts": "export function unrelated(x: number): number {\n  return x * 2;\n}\n",
        }),
      (r) => edit(r, "src/math.ts", "x * 2", "x * 5"),
    );
    expect(calm.state).toBe("moved");
    expect(calm.anchors?.[0]).toMatchObject({ change: "moved", new_path: "src/math.ts" });
    expect(stale.state).toBe("stale");
  });

  it("the anchored symbol renamed is stale, said renamed with its new name and the commit", async () => {
    const repo = seeded();
    const id = await decide(repo, ["src/auth.ts#unrelated"]);
    const hash = repo.commit("rename", {
      "src/auth.ts": repo.read("src/auth.ts").replace("function unrelated", "function doubled"),
    });
    const f = await finding(repo, id);
    expect(f.state).toBe("stale");
    expect(f.anchors?.[0]).toMatchObject({
      change: "renamed",
      new_symbol: "doubled",
      commits: [hash],
    });
  });

  it("the anchored symbol deleted is stale, said deleted", async () => {
    const repo = seeded();
    const id = await decide(repo, ["src/auth.ts#unrelated"]);
    repo.commit("drop", {
      "src/auth.ts": repo.read("src/auth.ts").replace(/export function unrelated[^}]*}\n/, ""),
    });
    const f = await finding(repo, id);
    expect(f.state).toBe("stale");
    expect(f.anchors?.[0]).toMatchObject({ change: "deleted" });
  });

  it("a record without anchors is stale on any change of its file, as before", async () => {
    const repo = seeded();
    const id = await decide(repo, ["src/auth.ts"]);
    edit(repo, "src/auth.ts", "x * 2", "x * 3");
    const f = await finding(repo, id);
    expect(f.state).toBe("stale");
    expect(f.anchors).toBeUndefined();
  });

  it("the carried-forward report and the cache agree with a full read at every commit", async () => {
    const repo = seeded();
    const ids = [
      await decide(repo, ["src/auth.ts#sessionTtl"]),
      await decide(repo, ["src/auth.ts#unrelated"]),
      await decide(repo, ["package.json#engines.node", "src/auth.ts#Store.get"]),
    ];
    const steps: ((r: TestRepo) => void)[] = [
      (r) => edit(r, "src/auth.ts", "x * 2", "x * 3"),
      (r) =>
        r.commit("move", {
          "src/auth.ts": r.read("src/auth.ts").replace(/export function unrelated[^}]*}\n/, ""),
          "src/math.ts": "export function unrelated(x: number): number {\n  return x * 3;\n}\n",
        }),
      (r) => edit(r, "package.json", '"build": "tsc"', '"build": "tsc -b"'),
      (r) => edit(r, "src/math.ts", "x * 3", "x * 4"),
      (r) => edit(r, "src/auth.ts", "hash(key)", "hash(key, 1)"),
    ];
    const view = (findings: StaleFinding[]) =>
      findings
        .filter((f) => ids.includes(f.record_id))
        .map(({ record_id, state, anchors, commits }) => ({ record_id, state, anchors, commits }));
    for (const step of steps) {
      step(repo);
      const warm = view((await (await open(repo.dir)).stale()).findings);
      rmSync(path.join(repo.dir, ".git/adrift"), { recursive: true, force: true });
      const cold = view((await (await open(repo.dir)).stale()).findings);
      expect(warm).toEqual(cold);
    }
    const last = view((await (await open(repo.dir)).stale()).findings);
    expect(last.map((f) => f.state)).toEqual(["touched", "stale", "stale"]);
  });
});
