// Commands that only read the log load no schema library they do not use: `list` on an empty
// log, and on a log whose files were checked by an earlier read and are unchanged since, loads
// neither zod nor the event schemas. A file that must be checked line by line loads them, and its
// lines are checked exactly as before.
import { spawnSync } from "node:child_process";
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, makeRepo, tempDir, testEnv } from "../support/repo.js";

const COMPLETE = ["--trigger", "t", "--chosen", "c", "--rationale", "r", "--considered", "x :: y"];

/** The modules one real run of the CLI loads (every URL its imports resolve to), and its output. */
function loaded(cwd: string, args: string[]) {
  const dir = tempDir("adrift-modules-");
  const list = path.join(dir, "modules.txt");
  writeFileSync(list, "");
  const hooks = path.join(dir, "hooks.mjs");
  writeFileSync(
    hooks,
    `import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(${JSON.stringify(list)}, result.url + "\\n");
  return result;
}\n`,
  );
  // The CLI runs from its CommonJS bundle (dist/bundle/cli/): what it requires is listed too.
  const register = path.join(dir, "register.mjs");
  writeFileSync(
    register,
    `import { appendFileSync } from "node:fs";
import Module, { register } from "node:module";
register(${JSON.stringify(`file://${hooks}`)});
const resolve = Module._resolveFilename;
Module._resolveFilename = function (...args) {
  const file = resolve.apply(this, args);
  appendFileSync(${JSON.stringify(list)}, "file://" + file + "\\n");
  return file;
};\n`,
  );
  const run = spawnSync(process.execPath, ["--import", register, CLI, ...args], {
    cwd,
    env: testEnv(),
    encoding: "utf8",
  });
  expect(run.status, run.stderr).toBe(0);
  const urls = readFileSync(list, "utf8").split("\n").filter(Boolean);
  return { urls, stdout: run.stdout };
}

/** The module of dist/<name>.js, or the bundle's chunk named after it. */
const module = (name: string) =>
  new RegExp(`/dist/${name}\\.js$|/dist/bundle/cli/${path.basename(name)}-[\\w-]+\\.cjs$`);

const schemaModules = (urls: readonly string[]) =>
  urls.filter(
    (u) =>
      // zod's own modules (its package.json is only read, for its version)
      /\/node_modules\/zod\/(?!package\.json$)/.test(u) ||
      module("core/events/envelope").test(u) ||
      module("core/events/payloads").test(u),
  );

describe("the log's read path", () => {
  it("list --json loads no schema library on an empty log, nor on files checked before", () => {
    const repo = makeRepo();
    const empty = loaded(repo.dir, ["list", "--json"]);
    expect(JSON.parse(empty.stdout)).toMatchObject({ records: [], total: 0 });
    expect(empty.urls.some((u) => module("app/log/queries").test(u))).toBe(true);
    expect(schemaModules(empty.urls)).toEqual([]);

    const { id } = repo.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      "Keep it",
      ...COMPLETE,
      "--path",
      "README.md",
    ]);
    // The first read checks the new file line by line (with the schemas) and remembers it...
    expect(schemaModules(loaded(repo.dir, ["list", "--json"]).urls).length).toBeGreaterThan(0);
    // ...the next ones trust it as it is unchanged: no schema is loaded.
    const trusted = loaded(repo.dir, ["list", "--json"]);
    expect(JSON.parse(trusted.stdout).records.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(schemaModules(trusted.urls)).toEqual([]);
  });

  it("a file changed since it was checked is checked line by line again, with the schemas", () => {
    const repo = makeRepo();
    repo.adriftJson([
      "decision",
      "record",
      "--outcome",
      "Keep it",
      ...COMPLETE,
      "--path",
      "README.md",
    ]);
    const file = repo
      .git("ls-files", "--others", "--exclude-standard", ".decisions")
      .split("\n")
      .find((f) => f.endsWith(".events.ndjson"))!;
    const decision = repo
      .read(file)
      .split("\n")
      .map((l) => (l ? JSON.parse(l) : undefined))
      .find((e) => e?.type === "decision_recorded");
    // The same decision under a later id, with a field the schema does not know (left out).
    const copy = { ...decision, id: "01ZZ0000000000000000000000", extra: 1 };
    appendFileSync(path.join(repo.dir, file), `${JSON.stringify(copy)}\n`);
    const run = loaded(repo.dir, ["list", "--json"]);
    expect(schemaModules(run.urls).length).toBeGreaterThan(0);
    const ids = JSON.parse(run.stdout).records.map((r: { id: string }) => r.id);
    expect(ids).toEqual([decision.id, copy.id]);
  });
});
