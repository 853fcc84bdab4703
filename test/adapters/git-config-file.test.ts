import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { remoteUrlInConfig } from "../../src/adapters/git/config-file.js";
import { makeRepo } from "../support/repo.js";

describe("remoteUrlInConfig", () => {
  it("reads what git config --get remote.<name>.url answers, for the URLs git itself wrote", () => {
    const repo = makeRepo();
    const urls = {
      origin: "git@github.com:acme/shop.git",
      upstream: "https://x-access-token:t0k#en@github.com/acme/shop.git",
      weird: 'https://gitlab.com/a/b "quoted"\\path',
    };
    for (const [name, url] of Object.entries(urls)) repo.git("remote", "add", name, url);
    repo.git("config", "--add", "remote.origin.url", "https://github.com/acme/second.git");
    const text = readFileSync(path.join(repo.dir, ".git/config"), "utf8");
    for (const name of [...Object.keys(urls), "missing"]) {
      const git = spawnSync("git", ["config", "--get", `remote.${name}.url`], {
        cwd: repo.dir,
        encoding: "utf8",
      });
      expect(remoteUrlInConfig(text, name), name).toBe(git.stdout.trim() || undefined);
    }
  });

  it("leaves includes to git, and reads sections case as git does", () => {
    expect(
      remoteUrlInConfig('[include]\n\tpath = other\n[remote "origin"]\n\turl = x', "origin"),
    ).toBe("ask-git");
    expect(remoteUrlInConfig('[REMOTE "origin"]\n\tURL = https://github.com/a/b', "origin")).toBe(
      "https://github.com/a/b",
    );
    expect(remoteUrlInConfig('[remote "Origin"]\n\turl = https://github.com/a/b', "origin")).toBe(
      undefined,
    );
    expect(remoteUrlInConfig("[core]\n\tbare = false\n", "origin")).toBe(undefined);
    expect(remoteUrlInConfig("[remote.origin]\n\turl = https://github.com/a/b", "origin")).toBe(
      "ask-git",
    );
    expect(
      remoteUrlInConfig(
        '[extensions]\n\tworktreeConfig = true\n[remote "origin"]\n\turl = x',
        "origin",
      ),
    ).toBe("ask-git");
  });
});
