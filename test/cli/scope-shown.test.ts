// A scope entry that names a file or folder whose name holds [ ] (Next.js routes, `[id]`) is kept
// escaped, so a scope reads it literally; a reader sees the path it names, in `show` and on the
// record's page of the site, and a glob or an exclusion as written.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { shownEntry } from "../../src/core/rules/scope.js";
import { makeRepo } from "../support/repo.js";

describe("a scope entry as a reader sees it", () => {
  it("is the path a file or folder entry names; a glob or an exclusion stays as written", () => {
    expect(shownEntry("app/\\[id\\]/page.tsx")).toBe("app/[id]/page.tsx");
    expect(shownEntry("app/\\[id\\]/")).toBe("app/[id]/");
    expect(shownEntry("app/*/page.tsx")).toBe("app/*/page.tsx");
    expect(shownEntry("app/\\[id\\]/*.tsx")).toBe("app/\\[id\\]/*.tsx");
    expect(shownEntry("!app/\\[id\\]/page.tsx")).toBe("!app/\\[id\\]/page.tsx");
    expect(shownEntry("src/a.ts")).toBe("src/a.ts");
  });

  it("shows `show` and the site's record page the paths, not their escapes", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/app/[id]/page.tsx": "export default 1;\n" });
    repo.adrift(["init"]);
    const { id } = repo.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      "The route reads its id",
      "--trivial",
      "--path",
      "src/app/[id]/page.tsx",
      "--path",
      "src/app/[id]/",
      "--path",
      "src/app/*/page.tsx",
    ]);
    const shown = repo.adrift(["show", id]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/paths +src\/app\/\[id\]\/page\.tsx, src\/app\/\[id\]\/, /);
    expect(shown.stdout).not.toContain("\\[");
    expect(repo.adrift(["site", "build", "--out", "_site"]).code).toBe(0);
    const pages = path.join(repo.dir, "_site/records");
    const page = readFileSync(path.join(pages, readdirSync(pages)[0]!), "utf8");
    expect(page).toContain("<li><code>src/app/[id]/page.tsx</code></li>");
    expect(page).toContain("<li><code>src/app/[id]/</code></li>");
    expect(page).toContain("<li><code>src/app/*/page.tsx</code></li>");
  });
});
