import { AdriftError } from "../../core/errors.js";
import {
  correspondenceHtmlChunks,
  renderCorrespondenceHtml,
} from "../../core/render/correspondence-html.js";
import {
  correspondenceMarkdownChunks,
  renderCorrespondenceMarkdown,
} from "../../core/render/correspondence-md.js";
import { stableJson, stableJsonChunks } from "../../core/render/json.js";
import {
  buildCorrespondence,
  type CorrespondenceReport,
} from "../../core/reports/correspondence.js";
import type { AppContext } from "../dependencies.js";
import { coverageFileTest, excludedNotice, reportGit } from "./diff-range.js";
import { loadReportInputs } from "./inputs.js";
import { stalenessForReports } from "./staleness.js";
import { loadReportState } from "./state.js";

/** Formats of the correspondence report. */
export type ReportFormat = "md" | "json" | "html";

/** Options of `report correspondence`. */
export type CorrespondenceOptions = { depth?: number; format?: ReportFormat };

/** Computes the correspondence report at HEAD (records ↔ code, areas, propagation). */
export async function correspondenceReport(
  ctx: AppContext,
  options: CorrespondenceOptions = {},
): Promise<CorrespondenceReport> {
  const git = reportGit(ctx);
  const head = await git.resolve("HEAD");
  if (!head)
    throw new AdriftError("validation_failed", "the repository has no commits yet: commit first");
  const state = await loadReportState(ctx);
  const [inputs, staleness, tree] = await Promise.all([
    loadReportInputs(ctx, state),
    stalenessForReports(ctx, state, head),
    git.tree(head),
  ]);
  const counted = coverageFileTest(ctx);
  const report = buildCorrespondence({
    state,
    adrs: inputs.adrs,
    backlog: inputs.backlog,
    staleness,
    files: tree.map((t) => t.path).filter(counted.counts),
    depth: options.depth ?? ctx.config.coverage_depth,
  });
  const excluded = excludedNotice(counted.excluded());
  return excluded.length > 0
    ? { ...report, notices: [...report.notices, ...excluded].sort() }
    : report;
}

/** Renders the report in a format: JSON (sorted keys), Markdown, or one HTML page. */
export function renderCorrespondence(report: CorrespondenceReport, format: ReportFormat): string {
  if (format === "json") return stableJson(report);
  if (format === "html") return renderCorrespondenceHtml(report);
  return renderCorrespondenceMarkdown(report);
}

/** The report's arrays, each written an element at a time as JSON. */
const STREAMED_KEYS = ["adrs", "areas", "notices", "propagation", "records", "uncovered"];

/** `renderCorrespondence(report, format)` in pieces, the same bytes: never one string. */
export function correspondenceChunks(
  report: CorrespondenceReport,
  format: ReportFormat,
): Iterable<string> {
  if (format === "json") return stableJsonChunks(report, STREAMED_KEYS);
  if (format === "html") return correspondenceHtmlChunks(report);
  return correspondenceMarkdownChunks(report);
}
