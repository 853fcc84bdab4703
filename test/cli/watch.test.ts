import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { logEvents } from "../support/mcp.js";
import {
  adrsOnTwoBranches,
  makeRepo,
  repoWithDecision,
  startCli,
  waitFor,
} from "../support/repo.js";

/** The real watcher, spawned in `dir`, with what it printed so far. */
const startWatch = (dir: string, args: string[]) => startCli(dir, ["watch", ...args]);

const readIf = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : "");

describe("adrift watch", () => {
  it("marks a record stale within seconds of a commit made by another process, and stops on SIGINT", async () => {
    const { repo, id } = repoWithDecision({ "src/a.ts": "a\n" });
    const { child, out, exited } = startWatch(repo.dir, ["--json"]);
    try {
      await waitFor(
        () => out.stderr,
        (t) => t.includes("watching"),
      );
      repo.commit("edit a", { "src/a.ts": "a2\n" });
      await waitFor(
        () => out.stdout,
        (t) => t.includes(id),
      );
      const finding = JSON.parse(out.stdout.trim().split("\n")[0]!);
      expect(finding).toMatchObject({ record_id: id, state: "stale" });
      expect(finding.commits[0].subject).toBe("edit a");
    } finally {
      child.kill("SIGINT");
    }
    expect(await exited).toBe(0);
    expect(out.stderr).toContain("stopped");
    expect(repo.adriftJson<{ records: { status: string }[] }>(["list"]).records[0]?.status).toBe(
      "stale",
    );
    // The watcher wrote the mark on its own: adrift's, not the person's.
    const mark = logEvents(repo.dir).find((e) => e.type === "decision_marked_stale");
    expect(mark?.actor).toMatchObject({ kind: "system", name: "adrift-watch" });
  });
});

describe("adrift watch keeps generated files current", () => {
  it("rewrites the ADR index after a merge left it behind, and a --report as the log changes", async () => {
    const repo = makeRepo();
    repo.adrift(["init"]);
    repo.commit("code", { "src/a.ts": "a\n" });
    const { alpha, beta } = adrsOnTwoBranches(repo);
    const index = path.join(repo.dir, "docs/adr/README.md");
    // inside the repository: adrift writes nowhere else
    const report = path.join(repo.dir, "correspondence.json");

    const { child, out, exited } = startWatch(repo.dir, ["--json", "--report", report]);
    try {
      await waitFor(
        () => out.stderr,
        (t) => t.includes("watching"),
      );
      await waitFor(
        () => readIf(report),
        (t) => t.includes("Gamma"),
      );
      // Both branches rewrote the index; the merge keeps main's side, which lacks Beta (a clone
      // without the union rule for the index: .git/info/attributes overrides .gitattributes).
      writeFileSync(
        path.join(repo.dir, ".git/info/attributes"),
        "/docs/adr/README.md merge=text\n",
      );
      repo.git("merge", "-q", "--no-edit", "-X", "ours", "b");
      expect(repo.git("show", "HEAD:docs/adr/README.md")).not.toContain(path.basename(beta.path));
      await waitFor(
        () => readIf(index),
        (t) => t.includes(path.basename(beta.path)),
      );
      await waitFor(
        () => readIf(report),
        (t) => t.includes(beta.path),
      );
      const { id } = repo.adriftJson<{ id: string }>([
        ...["decision", "record", "--outcome", "Delta", "--trivial", "--path", "src/a.ts"],
      ]);
      await waitFor(
        () => readIf(report),
        (t) => t.includes(id),
      );
      // An ADR retitled by hand: no commit, no log change; the index follows.
      const adrFile = path.join(repo.dir, alpha.path);
      writeFileSync(adrFile, readFileSync(adrFile, "utf8").replace(/Alpha/g, "Alpha retitled"));
      await waitFor(
        () => readIf(index),
        (t) => t.includes("Alpha retitled"),
      );
    } finally {
      child.kill("SIGINT");
    }
    expect(await exited).toBe(0);
    expect(out.stderr).toContain(`wrote docs/adr/README.md`);
    // generated files are named from the repository's root, as docs/adr/README.md is
    expect(out.stderr).toContain(`wrote ${path.relative(repo.dir, report)}`);
    expect(out.stdout).toBe("");
    // What the watcher wrote is what the commands write.
    const regenerated = readFileSync(index, "utf8");
    repo.adriftJson(["adr", "renumber"]);
    expect(repo.read("docs/adr/README.md")).toBe(regenerated);
    expect(readFileSync(report, "utf8")).toBe(
      repo.adrift(["report", "correspondence", "--format", "json"]).stdout,
    );
  });
});
