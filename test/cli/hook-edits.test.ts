import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo } from "../support/repo.js";

const TEAM_HOOK = '#!/bin/sh\necho "the team hook ran" >&2\n';

/** A repository with adrift's hooks installed over a team pre-commit hook. */
function installed() {
  const repo = makeRepo();
  const hooks = path.join(repo.dir, ".git/hooks");
  writeFileSync(path.join(hooks, "pre-commit"), TEAM_HOOK, { mode: 0o755 });
  expect(repo.adrift(["hook", "install"]).code).toBe(0);
  return { repo, hooks, hook: path.join(hooks, "pre-commit") };
}

const errorOf = (stderr: string) =>
  JSON.parse(stderr).error as { code: string; message: string; details: { files: string[] } };

describe("hooks someone edited after adrift installed them", () => {
  it("uninstall refuses (conflict, exit 4) naming the edited hook and changes nothing; --force keeps it as <hook>.adrift-edited", () => {
    const { repo, hooks, hook } = installed();
    const edited = `${readFileSync(hook, "utf8")}echo "user added"\n`;
    writeFileSync(hook, edited);
    const refused = repo.adrift(["hook", "uninstall", "--json"]);
    expect(refused.code).toBe(4);
    const error = errorOf(refused.stderr);
    expect(error.code).toBe("conflict");
    expect(error.details.files).toEqual([hook]);
    expect(error.message).toContain("--force");
    expect(readFileSync(hook, "utf8")).toBe(edited);
    expect(existsSync(path.join(hooks, "post-merge"))).toBe(true);
    expect(readFileSync(`${hook}.pre-adrift`, "utf8")).toBe(TEAM_HOOK);

    const human = repo.adrift(["hook", "uninstall"]);
    expect(human.code).toBe(4);
    expect(human.stderr).toMatch(/^error \[conflict\]: .*pre-commit changed since adrift/);

    const forced = repo.adrift(["hook", "uninstall", "--force"]);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain(`kept as ${hook}.adrift-edited`);
    expect(readFileSync(`${hook}.adrift-edited`, "utf8")).toBe(edited);
    expect(readFileSync(hook, "utf8")).toBe(TEAM_HOOK);
    expect(existsSync(path.join(hooks, "post-merge"))).toBe(false);
  });

  it("an edit inside adrift's block counts too; --force --json names the copy", () => {
    const { repo, hooks } = installed();
    const hook = path.join(hooks, "post-merge");
    writeFileSync(hook, readFileSync(hook, "utf8").replace("exit 0", "exit 0 # mine"));
    expect(repo.adrift(["hook", "uninstall"]).code).toBe(4);
    const forced = repo.adriftJson<{ hooks: { hook: string; action: string; kept?: string }[] }>([
      "hook",
      "uninstall",
      "--force",
    ]);
    expect(forced.hooks.find((h) => h.hook === "post-merge")).toEqual({
      hook: "post-merge",
      action: "removed",
      kept: `${hook}.adrift-edited`,
    });
    expect(forced.hooks.filter((h) => h.kept)).toHaveLength(1);
  });

  it("install over an edited hook refuses unless --force, which keeps the edited file", () => {
    const { repo, hook } = installed();
    const edited = `${readFileSync(hook, "utf8")}echo "user added"\n`;
    writeFileSync(hook, edited);
    const refused = repo.adrift(["hook", "install", "--json"]);
    expect(refused.code).toBe(4);
    expect(errorOf(refused.stderr).details.files).toEqual([hook]);
    expect(readFileSync(hook, "utf8")).toBe(edited);
    expect(repo.adrift(["hook", "install", "--force"]).code).toBe(0);
    expect(readFileSync(`${hook}.adrift-edited`, "utf8")).toBe(edited);
    expect(readFileSync(hook, "utf8")).not.toContain("user added");
    // The rewritten hook is adrift's again: uninstall puts the team hook back.
    expect(repo.adrift(["hook", "uninstall"]).code).toBe(0);
    expect(readFileSync(hook, "utf8")).toBe(TEAM_HOOK);
  });

  it("a hook from an adrift that wrote no digest uninstalls when only its block is there, and refuses with lines outside it", () => {
    const { repo, hooks, hook } = installed();
    const withoutDigest = (file: string) =>
      readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => !l.startsWith("# adrift-digest: "))
        .join("\n");
    writeFileSync(hook, withoutDigest(hook));
    const merge = path.join(hooks, "post-merge");
    writeFileSync(merge, `${withoutDigest(merge)}echo "user added"\n`);
    const refused = repo.adrift(["hook", "uninstall", "--json"]);
    expect(errorOf(refused.stderr).details.files).toEqual([merge]);
    writeFileSync(merge, withoutDigest(merge).replace('echo "user added"\n', ""));
    expect(repo.adrift(["hook", "uninstall"]).code).toBe(0);
    expect(readFileSync(hook, "utf8")).toBe(TEAM_HOOK);
    expect(existsSync(merge)).toBe(false);
  });

  it("the conflict over a leftover chained hook names the leftover file, not the hook", () => {
    const repo = makeRepo();
    const hooks = path.join(repo.dir, ".git/hooks");
    writeFileSync(path.join(hooks, "pre-commit"), TEAM_HOOK);
    writeFileSync(path.join(hooks, "pre-commit.pre-adrift"), "#!/bin/sh\necho old\n");
    const refused = repo.adrift(["hook", "install", "--json"]);
    expect(refused.code).toBe(4);
    expect(errorOf(refused.stderr).details.files).toEqual([
      path.join(hooks, "pre-commit.pre-adrift"),
    ]);
  });
});
