import { type Dirent, readdirSync } from "node:fs";
import path from "node:path";
import type { AdrView, ProjectState } from "../../core/project/state.js";
import type {
  AdrInput,
  AdrRelation,
  BacklogInput,
  DraftInput,
  QuestionInput,
} from "../../core/reports/inputs.js";
import { backlogOf, openQuestionsOf } from "../../core/reports/report-index.js";
import type { AppContext } from "../dependencies.js";

/**
 * The parts of the project other areas own (ADRs, backlog, questions, drafts), as the plain
 * inputs reports take. The one place where reports meet those areas' projections.
 */
export type ReportInputs = {
  adrs: AdrInput[];
  backlog: BacklogInput;
  questions: QuestionInput[];
  drafts: DraftInput[];
};

const NO_ADRS = {
  collectAdrs: async (_ctx: AppContext, _state: { adrs: Map<string, AdrView> }) => [],
  listDrafts: async (_ctx: AppContext) => [],
};

/** True when `dir` (repo-relative) or a folder below it holds a Markdown file. */
function hasMarkdown(ctx: AppContext, dir: string): boolean {
  const walk = (abs: string, depth: number): boolean => {
    let entries: Dirent[];
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return false;
    }
    return entries.some((e) =>
      e.isDirectory()
        ? depth < 3 && walk(path.join(abs, e.name), depth + 1)
        : e.name.endsWith(".md"),
    );
  };
  return walk(path.join(ctx.git.location.root, dir), 0);
}

type AdrFile = {
  id: string;
  number?: number;
  title: string;
  path: string;
  supersedes: string[];
  superseded_by: string[];
  links: { type: string; target: string }[];
};

/** An ADR's relations with references (`ADR-0003`, a slug, an id) resolved to ADR ids. */
function relationsOf(adr: AdrFile, all: readonly AdrFile[]): AdrRelation[] {
  const resolve = (ref: string) => {
    const number = /^ADR-?(\d+)$/i.exec(ref)?.[1];
    const found = all.find(
      (a) =>
        a.id === ref ||
        (number !== undefined && a.number === Number(number)) ||
        a.path.replace(/^.*\//, "").replace(/\.md$/i, "") === ref,
    );
    return found?.id ?? ref;
  };
  return [
    ...adr.supersedes.map((t) => ({ type: "supersedes", target: resolve(t) })),
    ...adr.superseded_by.map((t) => ({ type: "superseded-by", target: resolve(t) })),
    ...adr.links.map((l) => ({ type: l.type, target: resolve(l.target) })),
  ];
}

/** Reads ADRs, backlog, open questions and drafts for a report. */
export async function loadReportInputs(
  ctx: AppContext,
  state: ProjectState,
): Promise<ReportInputs> {
  return readReportInputs(ctx, {
    adrs: state.adrs,
    backlog: backlogOf(state),
    questions: openQuestionsOf(state),
  });
}

/**
 * The report inputs from what the log says of ADRs (a folded state's or the report index's),
 * the backlog and the open questions: reads the ADR and draft files.
 */
export async function readReportInputs(
  ctx: AppContext,
  known: { adrs: Map<string, AdrView>; backlog: BacklogInput; questions: QuestionInput[] },
): Promise<ReportInputs> {
  // The ADR reader (front matter, YAML) costs more to load than a big report takes to build:
  // only load it when there are ADRs to read.
  const none =
    known.adrs.size === 0 &&
    !hasMarkdown(ctx, ctx.config.adr_dir) &&
    !hasMarkdown(ctx, ctx.config.drafts_dir);
  const { collectAdrs, listDrafts } = none ? NO_ADRS : await import("../adr/collect.js");
  const [files, drafts] = await Promise.all([collectAdrs(ctx, known), listDrafts(ctx)]);
  return {
    adrs: files.map((adr) => ({
      id: adr.id,
      ...(adr.number !== undefined ? { number: adr.number } : {}),
      title: adr.title,
      status: adr.status,
      path: adr.path,
      ...(adr.date ? { date: adr.date } : {}),
      record_ids: adr.record_ids,
      relations: relationsOf(adr, files),
    })),
    backlog: known.backlog,
    questions: known.questions,
    drafts: drafts.map((d) => ({ path: d.path, record_ids: d.record_ids })),
  };
}
