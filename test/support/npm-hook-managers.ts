// lefthook 2 and husky 9 from the npm registry, installed once into a cache under the OS temp
// dir and shared by the tests that run adrift's hooks beside them.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The `node_modules` folder holding lefthook and husky (installed on first use). */
export function npmHookManagers(): string {
  const cache = path.join(tmpdir(), "adrift-test-hook-managers");
  if (!existsSync(path.join(cache, "node_modules", "lefthook", "package.json"))) {
    const npm = spawnSync(
      "npm",
      [
        "install",
        "--no-audit",
        "--no-fund",
        "--no-save",
        // lefthook's postinstall runs `lefthook install` wherever npm was started: not here
        "--ignore-scripts",
        "--prefix",
        cache,
        "lefthook@2",
        "husky@9",
      ],
      {
        cwd: tmpdir(),
        encoding: "utf8",
        env: { ...process.env, npm_config_loglevel: "error", LEFTHOOK: "0" },
      },
    );
    if (npm.status !== 0) throw new Error(`npm install lefthook husky failed: ${npm.stderr}`);
  }
  return path.join(cache, "node_modules");
}
