// Route folders of Next.js, SvelteKit, Astro and Nuxt hold glob characters: `app/[id]/`,
// `app/(marketing)/`, `[...slug]`, `+page.svelte`. Scoped as typed, they are the files they
// name (recorded escaped), go stale when edited, and an exact file entry added later is stale,
// not review; `!` entries exclude. Real repositories, the real CLI and hooks, both adapters.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, type TestRepo, testEnv } from "../support/repo.js";

const ADAPTERS = ["cli", "embedded"] as const;

const FILES = {
  "app/[id]/page.tsx": "export default function Page() {}\n",
  "app/(marketing)/about/page.tsx": "about\n",
  "app/blog/[...slug]/page.tsx": "slug\n",
  "src/routes/+page.svelte": "<h1>home</h1>\n",
  "src/routes/[[lang]]/+layout.ts": "layout\n",
  "src/errors/e.ts": "e\n",
  "src/a.ts": "a\n",
};

type Recorded = { id: string; notes: { warnings: string[]; matched_files?: number } };
type Shown = { record: { basis: { touched_paths: string[] } } };
type Stale = { findings: { record_id: string; state: string; paths: { path: string }[] }[] };

describe.each(ADAPTERS)("scopes on route folders (%s git adapter)", (adapter) => {
  const env = testEnv({
    ADRIFT_HOOK_FOREGROUND: "1",
    ...(adapter === "embedded" ? { ADRIFT_GIT: "embedded" } : {}),
  });
  const json = <T>(repo: TestRepo, args: string[]) => repo.adriftJson<T>(args, { env });
  const record = (repo: TestRepo, ...paths: string[]) =>
    json<Recorded>(repo, [
      "decision",
      "record",
      "--outcome",
      "o",
      ...paths.flatMap((p) => ["--path", p]),
    ]);
  const scopeOf = (repo: TestRepo, id: string) =>
    json<Shown>(repo, ["show", id]).record.basis.touched_paths;
  const stateOf = (repo: TestRepo, id: string) =>
    json<Stale>(repo, ["stale"]).findings.find((f) => f.record_id === id)?.state;
  const site = () => {
    const repo = makeRepo();
    repo.commit("site", FILES);
    return repo;
  };

  it("names the folder or file as typed, and goes stale when it is edited", () => {
    const repo = site();
    const folder = record(repo, "app/[id]/");
    expect(folder.notes.warnings).toEqual([]);
    expect(folder.notes.matched_files).toBe(1);
    expect(scopeOf(repo, folder.id)).toEqual(["app/\\[id\\]/"]);
    const group = record(repo, "app/(marketing)/**");
    expect(scopeOf(repo, group.id)).toEqual(["app/\\(marketing\\)/**"]);
    expect(group.notes.matched_files).toBe(1);
    const svelte = record(repo, "src/routes/[[lang]]/+layout.ts", "app/blog/[...slug]/page.tsx");
    expect(scopeOf(repo, svelte.id)).toEqual([
      "src/routes/\\[\\[lang\\]\\]/+layout.ts",
      "app/blog/\\[...slug\\]/page.tsx",
    ]);
    // The escape typed by hand is kept (a backslash before a glob character is no separator).
    const typed = record(repo, "app/\\[id\\]/page.tsx");
    expect(scopeOf(repo, typed.id)).toEqual(["app/\\[id\\]/page.tsx"]);
    repo.commit("records");
    for (const r of [folder, group, svelte, typed]) expect(stateOf(repo, r.id)).toBe("fresh");

    repo.commit("edit the routes", {
      "app/[id]/page.tsx": "export default function Page() { return 1 }\n",
      "app/(marketing)/about/page.tsx": "about us\n",
      "app/blog/[...slug]/page.tsx": "slugs\n",
    });
    for (const r of [folder, group, svelte, typed]) expect(stateOf(repo, r.id)).toBe("stale");
  });

  it("an exact entry for a bracketed file added later is stale, a glob's new file is review", () => {
    const repo = site();
    const exact = record(repo, "app/\\[slug\\]/page.tsx");
    expect(exact.notes.warnings.join("\n")).toContain("matches no file");
    const unescaped = record(repo, "app/[slug]/page.tsx");
    expect(unescaped.notes.warnings.join("\n")).toContain("app/\\[slug\\]/page.tsx");
    const folder = record(repo, "app/[id]/");
    repo.commit("records");
    repo.commit("new routes", {
      "app/[slug]/page.tsx": "new\n",
      "app/[id]/edit.tsx": "edit\n",
    });
    expect(stateOf(repo, exact.id)).toBe("stale");
    expect(stateOf(repo, folder.id)).toBe("review");
  });

  it("follows a bracketed file's rename: moved, and re-verifying names the new path escaped", () => {
    const repo = site();
    const file = record(repo, "app/[id]/page.tsx");
    repo.commit("record");
    repo.git("mv", "app/[id]/page.tsx", "app/[id]/view.tsx");
    repo.commit("rename");
    expect(stateOf(repo, file.id)).toBe("moved");
    expect(repo.adrift(["decision", "reverify", file.id], { env }).code).toBe(0);
    expect(scopeOf(repo, file.id)).toEqual(["app/\\[id\\]/view.tsx"]);
  });

  it("the report (Markdown and HTML) and the site's record page name a bracketed file as its path", () => {
    const repo = site();
    const file = record(repo, "app/[id]/page.tsx");
    repo.commit("record");
    repo.commit("edit", { "app/[id]/page.tsx": "export default function Page() { return 2 }\n" });
    const md = repo.adrift(["report", "correspondence"], { env });
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout).toContain("| `app/[id]/page.tsx` ");
    const html = repo.adrift(["report", "correspondence", "--format", "html"], { env });
    expect(html.stdout).toContain("<code>app/[id]/page.tsx</code>");
    for (const out of [md.stdout, html.stdout]) expect(out).not.toContain("app/\\[id");
    expect(repo.adrift(["site", "build"], { env }).code).toBe(0);
    const page = readFileSync(path.join(repo.dir, `.adrift/site/records/${file.id}.html`), "utf8");
    expect(page).toContain("<td><code>app/[id]/page.tsx</code></td>");
    expect(page).not.toContain("app/\\[id");
  });

  it("anchors a symbol of a bracketed file: another symbol's edit leaves it touched", () => {
    const repo = makeRepo();
    const page = (a: number, b: number) =>
      `export function Page() { return ${a} }\nexport function generateMetadata() { return ${b} }\n`;
    repo.commit("route", { "app/[id]/page.tsx": page(1, 1) });
    const typed = json<Recorded & { event: { data: { basis: { anchors: { path: string }[] } } } }>(
      repo,
      ["decision", "record", "--outcome", "o", "--path", "app/[id]/page.tsx#Page"],
    );
    expect(scopeOf(repo, typed.id)).toEqual(["app/\\[id\\]/page.tsx"]);
    expect(typed.event.data.basis.anchors.map((a) => a.path)).toEqual(["app/[id]/page.tsx"]);
    repo.commit("record");
    repo.commit("metadata", { "app/[id]/page.tsx": page(1, 2) });
    expect(stateOf(repo, typed.id)).toBe("touched");
    repo.commit("page", { "app/[id]/page.tsx": page(2, 2) });
    expect(stateOf(repo, typed.id)).toBe("stale");
  });

  it("excludes with '!' entries, and refuses a scope of exclusions only", () => {
    const repo = site();
    const scoped = record(repo, "src/**", "!src/errors/**");
    expect(scopeOf(repo, scoped.id)).toEqual(["src/**", "!src/errors/**"]);
    expect(scoped.notes.matched_files).toBe(3);
    repo.commit("record");
    repo.commit("errors", { "src/errors/e.ts": "e2\n" });
    expect(stateOf(repo, scoped.id)).toBe("fresh");
    repo.commit("code", { "src/a.ts": "a2\n" });
    const finding = json<Stale>(repo, ["stale"]).findings.find((f) => f.record_id === scoped.id);
    expect(finding?.state).toBe("stale");
    expect(finding?.paths.map((p) => p.path)).toEqual(["src/a.ts"]);

    const alone = repo.adrift(["decision", "record", "--outcome", "o", "--path", "!src/**"], {
      env,
    });
    expect(alone.code).not.toBe(0);
    expect(alone.stderr).toContain("validation_failed");
  });

  it("the hooks mark a commit that edits a bracketed file, and not one that edits an excluded one", () => {
    const repo = site();
    const folder = record(repo, "app/[id]/");
    const scoped = record(repo, "src/**", "!src/errors/**");
    repo.commit("records");
    expect(repo.adrift(["hook", "install"], { env }).code).toBe(0);
    const commit = (message: string, files: Record<string, string>) => {
      for (const [file, content] of Object.entries(files)) repo.write(file, content);
      const run = (...args: string[]) =>
        spawnSync("git", args, { cwd: repo.dir, env, encoding: "utf8" });
      expect(run("add", "-A").status).toBe(0);
      const result = run("commit", "-q", "-m", message);
      expect(result.status, result.stderr).toBe(0);
      return result.stderr;
    };
    expect(commit("errors", { "src/errors/e.ts": "e2\n" })).not.toContain("marked");
    const marked = commit("route", { "app/[id]/page.tsx": "changed\n" });
    expect(marked).toContain("marked 1 record(s) stale");
    expect(marked).toContain(folder.id);
    expect(repo.git("show", "--stat", "--format=", "HEAD")).toContain(".decisions");
    expect(stateOf(repo, scoped.id)).toBe("fresh");
  });
});
