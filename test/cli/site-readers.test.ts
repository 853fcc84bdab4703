import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, testEnv } from "../support/repo.js";

/** The part of a record page under "The diff since its basis", up to the next section. */
function diffSection(html: string): string {
  const start = html.indexOf("<h3>The diff since its basis</h3>");
  expect(start).toBeGreaterThan(-1);
  const end = html.indexOf("<h3>", start + 5);
  return html.slice(start, end === -1 ? undefined : end);
}

describe.each(["cli", "embedded"])("the site as its readers meet it, %s git adapter", (adapter) => {
  const env = testEnv({ ADRIFT_GIT: adapter });

  it("a record page never shows an empty diff: a pure rename says its content is unchanged, a long change says it is not shown", () => {
    const repo = makeRepo();
    const long = Array.from({ length: 1000 }, (_, i) => `line ${i}`).join("\n");
    repo.commit("code", {
      "app/[id]/page.tsx": "export default function Page() { return null; }\n",
      "src/big.txt": `${long}\n`,
    });
    repo.adrift(["init"], { env });
    const { id } = repo.adriftJson<{ id: string }>(
      [
        "decision",
        "record",
        "--outcome",
        "Routes render nothing by default",
        "--trivial",
        "--path",
        "app/[id]/page.tsx",
        "--path",
        "src/big.txt",
      ],
      { env },
    );
    repo.commit("records");
    repo.git("mv", "app/[id]/page.tsx", "app/[id]/route.tsx");
    repo.commit("rename the page", {
      "src/big.txt": `${long.replace(/line/g, "row")}\n`,
    });
    expect(repo.adrift(["site", "build"], { env }).code).toBe(0);
    const page = readFileSync(path.join(repo.dir, `.adrift/site/records/${id}.html`), "utf8");
    const diffs = diffSection(page);
    // One heading per changed file, each followed by its hunks or by a note; never an empty box.
    expect(diffs).not.toMatch(/<pre class="diff"[^>]*><code><\/code><\/pre>/);
    expect(diffs).toContain("app/[id]/page.tsx → app/[id]/route.tsx");
    expect(diffs).toMatch(/renamed; its content is unchanged/);
    expect(diffs).toMatch(/2,000 changed lines: too many to show here/);

    // Many small changes: the first hunks are shown, and the page says how many are left out.
    const spread = long
      .split("\n")
      .map((l, i) => (i % 10 === 0 ? `${l} changed` : l))
      .join("\n");
    repo.commit("touch every tenth line", { "src/big.txt": `${spread}\n` });
    repo.adrift(["intent", "amend", id, "--path", "src/big.txt", "--reason", "one file"], { env });
    repo.commit("narrow");
    repo.commit("again", { "src/big.txt": `${spread.replace(/changed/g, "edited")}\n` });
    expect(repo.adrift(["site", "build"], { env }).code).toBe(0);
    const again = diffSection(
      readFileSync(path.join(repo.dir, `.adrift/site/records/${id}.html`), "utf8"),
    );
    expect(again).toMatch(
      /<pre class="diff"[^>]*><code>.+<\/code><\/pre><p class="muted">\d+ more hunks<\/p>/s,
    );
  });
});
