// `export` and `report correspondence` write their documents a piece at a time (a few records,
// a table row): the bytes on stdout and in --out must be exactly those of the document rendered
// whole — the export's renderer as it was before streaming (kept in test/support/previous), the
// report's Markdown as one tree and its HTML as one string — on real repositories, small and big.
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateLog } from "../../bench/support/generate-log.mjs";
import { exportInput } from "../../src/app/reports/export.js";
import { openRepository } from "../../src/app/repository.js";
import { jsonReplacer } from "../../src/cli/io.js";
import { renderCorrespondenceHtml as wholeHtml } from "../../src/core/render/correspondence-html.js";
import { renderCorrespondenceMarkdown as wholeMarkdown } from "../../src/core/render/correspondence-md.js";
import { stableJson } from "../../src/core/render/json.js";
import { safeText } from "../../src/core/render/terminal.js";
import type { CorrespondenceReport } from "../../src/core/reports/correspondence.js";
import { type ExportInput, renderExport as previousExport } from "../support/previous/export.js";
import { makeRepo, type TestRepo, testEnv } from "../support/repo.js";

const COMPLETE = ["--trigger", "t", "--chosen", "c", "--rationale", "r", "--considered", "x :: y"];

/** What a terminal is shown of a Markdown or HTML document (the previous `emit`/report path). */
const shown = (text: string) => {
  const safe = safeText(text, { multiline: true });
  return safe === "" || safe.endsWith("\n") ? safe : `${safe}\n`;
};

/** The report and the export as the app computes them, in this process. */
async function inProcess(repo: TestRepo, exportOptions: { session?: string; workline?: string }) {
  const lib = await openRepository(repo.dir, { env: testEnv() });
  const report = (await lib.correspondence({})) as CorrespondenceReport;
  const exported = await lib.exportMarkdown(exportOptions);
  return { report, exported };
}

/** Every output of `report correspondence` equals the bytes of the report rendered whole. */
function expectReportBytes(repo: TestRepo, report: CorrespondenceReport) {
  const formats = [
    ["md", wholeMarkdown(report)],
    ["html", wholeHtml(report)],
    ["json", stableJson(report)],
  ] as const;
  for (const [format, expected] of formats) {
    const printed = repo.adrift(["report", "correspondence", "--format", format]);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toBe(
      format === "json" ? expected : safeText(expected, { multiline: true }),
    );
    const out = `out/report.${format}`;
    expect(repo.adrift(["report", "correspondence", "--format", format, "--out", out]).code).toBe(
      0,
    );
    expect(repo.read(out)).toBe(expected);
  }
  expect(repo.adrift(["report", "correspondence", "--json"]).stdout).toBe(stableJson(report));
}

/** Every output of `export` equals the previous renderer's bytes. */
function expectExportBytes(
  repo: TestRepo,
  args: string[],
  expected: string,
  kind: string,
  id: string,
) {
  const printed = repo.adrift(["export", ...args]);
  expect(printed.code, printed.stderr).toBe(0);
  expect(printed.stdout).toBe(shown(expected));
  const json = repo.adrift(["export", ...args, "--json"]);
  expect(json.stdout).toBe(`${JSON.stringify({ kind, id, markdown: expected })}\n`);
  const out = repo.adrift(["export", ...args, "--out", "out/export.md", "--json"]);
  const file = path.join(repo.dir, "out/export.md");
  expect(out.stdout).toBe(`${JSON.stringify({ kind, id, markdown: expected, out: file })}\n`);
  expect(repo.read("out/export.md")).toBe(expected);
  expect(repo.adrift(["export", ...args, "--out", "out/again.md"]).code).toBe(0);
  expect(repo.read("out/again.md")).toBe(expected);
}

describe("streamed export and correspondence report", () => {
  it("write the previous renderers' bytes on a repository with varied records", async () => {
    const repo = makeRepo();
    mkdirSync(path.join(repo.dir, "out"));
    repo.commit("code", {
      "src/auth/login.ts": "a\n",
      "src/api/users.ts": "c\n",
      "lib/util/x.ts": "d\n",
      ".gitignore": "out/\n",
    });
    repo.adrift(["workline", "open", "Streaming — 🇧🇷 faturas"]);
    const outcomes = [
      "<script>alert(1)</script> @org/team",
      "Use `code` and **bold** | pipes | in a table\nsecond line",
      "control \u001b[31mred\u001b[0m and bidi \u202e text",
      "1. looks like a list",
      "- also a list",
      "emoji 🎉 and ünïcödé",
    ];
    for (const [i, outcome] of outcomes.entries()) {
      const complete = i % 2 === 0 ? COMPLETE : ["--trigger", "only a trigger"];
      const recorded = repo.adrift([
        i % 3 === 2 ? "intent" : "decision",
        "record",
        "--outcome",
        outcome,
        ...complete,
        "--path",
        i % 2 ? "src/auth/" : "src/gone.ts",
        "--path",
        "lib/",
        "--considered",
        `option ${i} :: reason ${i}`,
        "--json",
      ]);
      expect(recorded.code, recorded.stderr).toBe(0);
    }
    repo.commit("more code", { "src/auth/login.ts": "changed\n" });
    const worklines = repo.adriftJson<{ worklines: { id: string }[] }>(["workline", "list"]);
    const workline = worklines.worklines[0]!.id;
    const { report, exported } = await inProcess(repo, {});
    expect(report.records.length).toBeGreaterThan(0);
    expectReportBytes(repo, report);
    const session = exported.id;
    const input = await exportInputOf(repo, { session });
    expect(exported.markdown).toBe(previousExport(input));
    expectExportBytes(repo, [], exported.markdown, "session", session);
    const byWorkline = await openRepository(repo.dir, { env: testEnv() }).then((lib) =>
      lib.exportMarkdown({ workline }),
    );
    expect(byWorkline.markdown).toBe(previousExport(await exportInputOf(repo, { workline })));
    expectExportBytes(repo, ["--workline", workline], byWorkline.markdown, "workline", workline);
    // list --json makes its rows as it writes them: the same document as the whole rows array.
    const lib = await openRepository(repo.dir, { env: testEnv() });
    const filters = [
      [[], {}],
      [["--type", "decision"], { type: "decision" }],
      [["--status", "incomplete"], { status: "incomplete" }],
      [["--workline", workline], { workline }],
      [["--tag", "none"], { tag: "none" }],
    ] as const;
    for (const [args, filter] of filters) {
      const rows = await lib.list(filter);
      const listed = repo.adrift(["list", ...args, "--json"]);
      expect(listed.stdout).toBe(
        `${JSON.stringify({ records: rows, total: rows.length }, jsonReplacer)}\n`,
      );
    }
    expect(repo.adrift(["list", "--workline", "nope", "--json"]).stdout).toBe("");
  });

  it("write a big log's export and report whole, the same bytes", async () => {
    const repo = makeRepo();
    mkdirSync(path.join(repo.dir, "out"));
    const logDir = path.join(repo.dir, ".decisions", "log");
    mkdirSync(logDir, { recursive: true });
    // Two sessions of 4,000 events each: thousands of records and timeline rows in one export.
    generateLog(logDir, 8_000, 2);
    repo.commit("a big log", { ".gitignore": "out/\n" });
    const first = readdirSync(logDir).sort()[0]!;
    const session = (
      JSON.parse(readFileSync(path.join(logDir, first), "utf8").split("\n")[0]!) as { id: string }
    ).id;
    const { report, exported } = await inProcess(repo, { session });
    expect(exported.markdown).toBe(previousExport(await exportInputOf(repo, { session })));
    expect(exported.markdown.length).toBeGreaterThan(500_000);
    expect(report.records.length).toBeGreaterThan(500);
    expectExportBytes(repo, ["--session", session], exported.markdown, "session", session);
    expectReportBytes(repo, report);
  });
});

/** The previous renderer's input for an export: the same events and records the app selects. */
async function exportInputOf(
  repo: TestRepo,
  options: { session?: string; workline?: string },
): Promise<ExportInput> {
  const lib = await openRepository(repo.dir, { env: testEnv() });
  return exportInput(lib.context, options);
}
