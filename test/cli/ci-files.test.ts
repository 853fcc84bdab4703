import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

type Step = { uses?: string; with?: Record<string, unknown> & { script?: string } };

const read = (file: string) =>
  parse(readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), "utf8"));

describe("the shipped CI files", () => {
  it("action.yml runs its bundled entry point on Node 24 (test/package/action.test.ts runs it)", () => {
    const action = read("action.yml");
    expect(action.runs).toEqual({ using: "node24", main: "action/main.mjs" });
    expect(Object.keys(action.inputs).sort()).toEqual(
      ["adrift-version", "base", "fail-on", "head", "out-dir"].sort(),
    );
  });

  it("computes with a read-only token and posts from workflow_run without checking out PR code", () => {
    const compute = read(".github/workflows/adrift-pr.yml");
    expect(Object.keys(compute.on)).toEqual(["pull_request"]);
    expect(compute.permissions).toEqual({ contents: "read" });
    const post = read(".github/workflows/adrift-pr-post.yml");
    expect(Object.keys(post.on)).toEqual(["workflow_run"]);
    expect(post.on.workflow_run.workflows).toEqual([compute.name]);
    const steps = post.jobs.post.steps as Step[];
    // the only checkout is the default branch's posting script, without credentials
    const checkouts = steps.filter((s) => s.uses?.startsWith("actions/checkout"));
    expect(checkouts).toHaveLength(1);
    expect(checkouts[0]!.with).toMatchObject({
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression
      ref: "${{ github.event.repository.default_branch }}",
      "persist-credentials": false,
      "sparse-checkout": ".github/scripts",
    });
    // the check of the artifact against the triggering run lives in a tested script
    const script = steps.find((s) => s.uses?.startsWith("actions/github-script"))!.with!.script!;
    expect(script).toContain('require("./.github/scripts/post-pr-comment.cjs")');
    expect(script).not.toMatch(/\$\{\{/); // nothing spliced into the script
  });

  it("pins every third-party action by full commit sha and runs Node 24", () => {
    for (const file of [
      ".github/workflows/adrift-pr.yml",
      ".github/workflows/adrift-pr-post.yml",
    ]) {
      const workflow = read(file);
      for (const job of Object.values(workflow.jobs) as { steps: Step[] }[])
        for (const step of job.steps) {
          if (!step.uses || step.uses.startsWith("./")) continue;
          expect(step.uses, `${file}: ${step.uses}`).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
          if (step.uses.startsWith("actions/setup-node"))
            expect(step.with?.["node-version"], file).toBe(24);
        }
      // the tag each sha stands for, beside it
      const text = readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), "utf8");
      for (const line of text.split("\n").filter((l) => /uses: [\w.-]+\/[\w.-]+@/.test(l)))
        expect(line).toMatch(/@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    }
  });
});
