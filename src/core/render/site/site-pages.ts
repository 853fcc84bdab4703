import { adrPath, recordPath, type SiteInput } from "../../site/site-model.js";
import { renderAdrPage } from "./adr-page.js";
import { renderGraphPage } from "./graph-page.js";
import {
  renderAdrsPage,
  renderBacklogPage,
  renderCodeMap,
  renderHome,
  renderQuestionsPage,
  renderRecordsPage,
} from "./index-pages.js";
import { renderRecordPage } from "./record-page.js";
import { renderSearchPage } from "./search-page.js";

/** One file of the site: its path from the site's root and its HTML. */
export type SitePage = { path: string; html: string };

/** Every page of the site, one at a time (never all in memory): the lists, each ADR, each record. */
export function* sitePages(input: SiteInput, miniSearch: string): Generator<SitePage> {
  yield { path: "index.html", html: renderHome(input) };
  yield { path: "records.html", html: renderRecordsPage(input) };
  yield { path: "adrs.html", html: renderAdrsPage(input) };
  yield { path: "graph.html", html: renderGraphPage(input) };
  yield { path: "code.html", html: renderCodeMap(input) };
  yield { path: "questions.html", html: renderQuestionsPage(input) };
  yield { path: "backlog.html", html: renderBacklogPage(input) };
  yield { path: "search.html", html: renderSearchPage(input, miniSearch) };
  for (const adr of input.adrs) yield { path: adrPath(adr.id), html: renderAdrPage(input, adr) };
  const inReport = new Map(input.report.records.map((r) => [r.id, r]));
  for (const record of input.state.records.values())
    yield {
      path: recordPath(record.id),
      html: renderRecordPage(input, record, inReport.get(record.id)),
    };
}
