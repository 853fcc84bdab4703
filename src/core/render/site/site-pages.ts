import type { RecordView } from "../../project/state.js";
import { adrPath, recordPath, type SiteAdr, type SiteInput } from "../../site/site-model.js";
import { renderAdrPage } from "./adr-page.js";
import { renderGraphPage, siteGraph } from "./graph-page.js";
import {
  recordsPageWith,
  renderAdrsPage,
  renderBacklogPage,
  renderCodeMap,
  renderHome,
  renderQuestionsPage,
  renderRecordsPage,
} from "./index-pages.js";
import { renderRecordPage } from "./record-page.js";
import { renderSearchPage, searchPageWith } from "./search-page.js";

/**
 * The version of the pages' layout: part of every page's key, so a build whose pages are drawn
 * differently rewrites them all. Raise it with any change to what a page shows.
 */
export const SITE_FORMAT = 2;

/**
 * One file of the site: its path from the site's root, how to render it, and (for the pages a
 * rebuild may leave alone) a key naming everything it shows: the same key as the last build's,
 * and the page is not rendered again. A record's page names its record: the build reads what
 * only that page shows (its diffs) for the pages it draws.
 */
export type SitePage = {
  path: string;
  key?: () => string;
  /** what the page shows is what it showed in the last build (its key need not be computed) */
  same?: boolean;
  render: () => string;
  /** the record the page shows (the build reads its diffs when it draws the page) */
  record?: string;
  /** true for an ADR's page (the build loads the Markdown parser when it draws one) */
  adr?: boolean;
};

/**
 * What a record's page shows: the key a rebuild compares. Its diffs follow from its finding and
 * HEAD; its paths' states from its scope entries, its finding and how many files each matches.
 */
function recordKey(input: SiteInput, record: RecordView, holders: readonly SiteAdr[]): string {
  const titles = [
    ...record.supersedes,
    ...(record.superseded_by ? [record.superseded_by] : []),
  ].map((id) => input.state.records.get(id)?.card.outcome ?? id);
  const question = record.question_id
    ? input.state.questions.get(record.question_id)?.question
    : undefined;
  const finding = input.findings.get(record.id);
  return JSON.stringify([
    SITE_FORMAT,
    input.name,
    input.liveReload ?? "",
    // The whole view, not the ids of the events folded into it: a line edited in place (the
    // same id, other words) must change the page too.
    record,
    finding ?? null,
    input.diffRecords.has(record.id) ? input.report.head : null,
    record.basis?.touched_paths.map((entry) => input.countMatches(entry)) ?? null,
    holders.map((a) => [a.id, a.title]),
    titles,
    question ?? null,
  ]);
}

/**
 * Every page of the site, one at a time: the lists, each ADR, each record. `asBefore`: the records
 * whose pages, and whether the graph and the ADRs' pages, show what they showed in the last build
 * (the caller compared what they rest on).
 */
export function* sitePages(
  input: SiteInput,
  miniSearch: string,
  asBefore: { records: ReadonlySet<string>; graph?: boolean } = { records: new Set() },
): Generator<SitePage> {
  yield { path: "index.html", render: () => renderHome(input) };
  // After new records alone, the lists the last build drew are added to, not drawn again.
  const grown = (path: string, add: typeof recordsPageWith) => () => {
    const previous = input.grown?.page(path);
    return previous === undefined ? undefined : add(input, previous, input.grown!.added);
  };
  const records = grown("records.html", recordsPageWith);
  yield { path: "records.html", render: () => records() ?? renderRecordsPage(input) };
  yield { path: "adrs.html", render: () => renderAdrsPage(input) };
  // Laid out only when its key is computed or it is drawn (a rebuild may know it is as it was).
  let graph: ReturnType<typeof siteGraph> | undefined;
  const laidOut = () => (graph ??= siteGraph(input, ""));
  yield {
    path: "graph.html",
    key: () => JSON.stringify([SITE_FORMAT, input.name, input.liveReload ?? "", laidOut()]),
    ...(asBefore.graph ? { same: true } : {}),
    render: () => renderGraphPage(input, laidOut()),
  };
  yield { path: "code.html", render: () => renderCodeMap(input) };
  yield { path: "questions.html", render: () => renderQuestionsPage(input) };
  yield { path: "backlog.html", render: () => renderBacklogPage(input) };
  const search = grown("search.html", searchPageWith);
  yield { path: "search.html", render: () => search() ?? renderSearchPage(input, miniSearch) };
  const holders = new Map<string, SiteAdr[]>();
  for (const adr of input.adrs)
    for (const id of adr.record_ids) holders.set(id, [...(holders.get(id) ?? []), adr]);
  // Every ADR page links the others by number and title: one list for all of them.
  const adrNames = JSON.stringify(input.adrs.map((a) => [a.id, a.path, a.number, a.title]));
  for (const adr of input.adrs) {
    const records = () =>
      adr.record_ids.map((id) => {
        const r = input.state.records.get(id);
        return [id, r?.card.outcome ?? null, input.states.get(id) ?? r?.status ?? null];
      });
    yield {
      path: adrPath(adr.id),
      key: () =>
        JSON.stringify([SITE_FORMAT, input.name, input.liveReload ?? "", adr, records()]).concat(
          adrNames,
        ),
      // As the graph: the same when no record it holds or its drift could follow changed.
      ...(asBefore.graph ? { same: true } : {}),
      render: () => renderAdrPage(input, adr),
      adr: true,
    };
  }
  for (const record of input.state.records.values())
    yield {
      path: recordPath(record.id),
      key: () => recordKey(input, record, holders.get(record.id) ?? []),
      ...(asBefore.records.has(record.id) ? { same: true } : {}),
      render: () => renderRecordPage(input, record, holders.get(record.id) ?? []),
      record: record.id,
    };
}
