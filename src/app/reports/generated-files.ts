import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gitOperationInProgress } from "../../adapters/git/in-progress.js";
import { writeAdrIndex } from "../adr/index-file.js";
import { listAdrs } from "../adr/list.js";
import { type AppContext, repoPath } from "../dependencies.js";
import { correspondenceReport, type ReportFormat, renderCorrespondence } from "./correspondence.js";

/** A correspondence report kept current in a file (absolute path). */
export type ReportTarget = { file: string; format: ReportFormat };

/** The format a report file's name asks for: `.json`, `.html`/`.htm`, else Markdown. */
export function reportFormatOf(file: string): ReportFormat {
  const ext = path.extname(file).toLowerCase();
  return ext === ".json" ? "json" : ext === ".html" || ext === ".htm" ? "html" : "md";
}

function read(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/** Repo-relative when the file is in the repository, else absolute. */
function shown(ctx: AppContext, file: string): string {
  const relative = path.relative(ctx.git.location.root, file);
  return relative.startsWith("..") || path.isAbsolute(relative)
    ? file
    : relative.split(path.sep).join("/");
}

/** What a refresh did: files rewritten, or why it waited. */
export type RefreshResult = { written: string[]; skipped?: string };

/**
 * Regenerates the files generated from the log: the ADR index (when it exists or there are
 * ADRs) and each report. A file is written only when its content changes. While a merge or
 * rebase waits for the person, nothing is written (the index may be the file in conflict);
 * the refs move when it ends, and the next refresh catches up.
 */
export async function refreshGeneratedFiles(
  ctx: AppContext,
  reports: readonly ReportTarget[] = [],
): Promise<RefreshResult> {
  const operation = gitOperationInProgress(ctx.git.location);
  if (operation) return { written: [], skipped: `a ${operation} is in progress` };
  const written: string[] = [];
  const index = repoPath(ctx, ctx.config.adr_index);
  const adrs = await listAdrs(ctx);
  if (adrs.length > 0 || existsSync(index)) {
    const before = read(index);
    writeAdrIndex(ctx, adrs);
    if (read(index) !== before) written.push(ctx.config.adr_index);
  }
  if (reports.length > 0) {
    const report = await correspondenceReport(ctx);
    for (const target of reports) {
      const text = renderCorrespondence(report, target.format);
      if (read(target.file) === text) continue;
      mkdirSync(path.dirname(target.file), { recursive: true });
      writeFileSync(target.file, text);
      written.push(shown(ctx, target.file));
    }
  }
  return { written };
}
