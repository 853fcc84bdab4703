import type { AppContext } from "../dependencies.js";
import { loadProject } from "../log/load.js";
import { collectAdrs } from "./collect.js";
import { writeAdrIndex } from "./index-file.js";
import type { AdrSummary } from "./summary.js";

export { collectAdrs, type DraftSummary, listDrafts } from "./collect.js";

/** Accepted and imported ADRs with number, title, status, path, record ids and relations. */
export async function listAdrs(ctx: AppContext): Promise<AdrSummary[]> {
  const { state } = await loadProject(ctx);
  return collectAdrs(ctx, state);
}

/** Regenerates the decision log (`adr_index`) from the ADRs on disk; undefined when a person wrote that file (no markers). */
export async function refreshAdrIndex(ctx: AppContext): Promise<string | undefined> {
  return writeAdrIndex(ctx, await listAdrs(ctx));
}
