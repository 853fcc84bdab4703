import { describe, expect, it } from "vitest";
import { makeRepo, testEnv } from "../support/repo.js";

type Installed = { dir: string; warnings: string[] };

describe.each([
  ["the git CLI", testEnv()],
  ["isomorphic-git", testEnv({ ADRIFT_GIT: "embedded" })],
])("hook install into a hooks directory in the work tree (%s)", (_, env) => {
  const install = (repo: ReturnType<typeof makeRepo>) => {
    const human = repo.adrift(["hook", "install"], { env });
    repo.adrift(["hook", "uninstall"], { env });
    const json = repo.adrift(["hook", "install", "--json"], { env });
    expect(human.code).toBe(0);
    expect(json.code).toBe(0);
    return { human, installed: JSON.parse(json.stdout) as Installed };
  };

  it("warns on stderr and in --json when git tracks files there", () => {
    const repo = makeRepo();
    repo.commit("team hooks", { ".githooks/pre-commit": "#!/bin/sh\n" });
    repo.git("config", "core.hooksPath", ".githooks");
    const { human, installed } = install(repo);
    expect(human.stderr).toMatch(/^warning: the hooks directory \.githooks \(core\.hooksPath\)/);
    expect(human.stderr).toContain("git tracks 1 file(s) in it (.githooks/pre-commit)");
    expect(human.stderr).toContain("docs/hooks.md#corehookspath-husky-lefthook");
    expect(human.stdout).not.toContain("warning");
    expect(installed.warnings).toHaveLength(1);
    expect(installed.warnings[0]).toContain("absolute paths of this machine");
  });

  it("warns when the directory is untracked but not ignored, and not once it is ignored", () => {
    const repo = makeRepo();
    repo.git("config", "core.hooksPath", "hooks");
    const shown = install(repo);
    expect(shown.human.stderr).toContain(
      "it is not ignored, so the hooks adrift adds show as untracked",
    );
    expect(shown.installed.warnings).toHaveLength(1);
    repo.adrift(["hook", "uninstall"], { env });
    repo.commit("ignore the hooks", { ".gitignore": "hooks/\n" });
    const ignored = install(repo);
    expect(ignored.human.stderr).toBe("");
    expect(ignored.installed.warnings).toEqual([]);
  });

  it("says nothing for the default .git/hooks", () => {
    const repo = makeRepo();
    const { human, installed } = install(repo);
    expect(human.stderr).toBe("");
    expect(installed.warnings).toEqual([]);
  });
});
