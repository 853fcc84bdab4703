import { describe, expect, it } from "vitest";
import { makeRepo, startCli, tempDir, testEnv, waitFor } from "../support/repo.js";

/**
 * The commands that load a package shipped as an ES module (chokidar, the file watcher) start on
 * every supported Node: on Node 20 adrift compiles packages through its own code cache, which
 * must leave an ES module to Node (`require(esm)` hands it over as "module").
 */
describe("commands that load an ES module package start", () => {
  // A cache of its own, so a cache left by another run cannot hide the first compilation.
  const env = testEnv({ NODE_COMPILE_CACHE: tempDir("adrift-compile-cache-") });

  it.each([
    [["watch"], "watching"],
    [["site", "serve", "--port", "0"], "serving"],
  ])("adrift %s", async (args, says) => {
    const repo = makeRepo();
    repo.adrift(["init"]);
    const { child, out, exited } = startCli(repo.dir, args, env);
    await waitFor(
      () => out.stdout + out.stderr,
      (text) => text.includes(says) || text.includes("error"),
    );
    child.kill("SIGINT");
    await exited;
    expect(out.stderr).not.toContain("Cannot use import statement outside a module");
    expect(out.stdout + out.stderr).toContain(says);
  });
});
