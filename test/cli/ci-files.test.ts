import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

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
    const steps = post.jobs.post.steps as { uses?: string; with?: { script?: string } }[];
    expect(steps.some((s) => s.uses?.startsWith("actions/checkout"))).toBe(false);
    const script = steps.find((s) => s.uses?.startsWith("actions/github-script"))!.with!.script!;
    expect(script).toContain("unchanged: not updating");
    expect(script).toContain("pr.head.sha !== head");
  });
});
