import path from "node:path";
import { RELOAD_PATH, startSiteServer } from "../../adapters/site-server.js";
import { watchPaths } from "../../adapters/watch.js";
import type { AppContext } from "../dependencies.js";
import { watchedPaths } from "../staleness/watch.js";
import { buildSite, type SiteBuildResult, siteFolder } from "./build-site.js";

/** The script a previewed page runs: reload when the server says the site was rebuilt. */
export const LIVE_RELOAD_SCRIPT = `new EventSource(${JSON.stringify(RELOAD_PATH)}).onmessage=function(){location.reload();};`;

/** What the preview tells its caller. */
export type ServeEvents = { onBuilt(result: SiteBuildResult): void; onError(error: unknown): void };

/** Options of `site serve`. */
export type ServeOptions = { out?: string; port: number; host: string };

/** Folders under the work tree that never change what the site shows. */
const NOT_WATCHED = new Set([".git", "node_modules"]);

/**
 * Builds the site with live reload, serves it, and rebuilds it (pages reload) when the log, the
 * ADRs, HEAD or the code change. Resolves once serving.
 */
export async function serveSite(
  ctx: AppContext,
  options: ServeOptions,
  events: ServeEvents,
): Promise<{ url: string; out: string; close(): Promise<void> }> {
  const out = siteFolder(ctx, options.out);
  const build = async () => {
    const result = await buildSite(ctx, { out, liveReload: LIVE_RELOAD_SCRIPT });
    events.onBuilt(result);
    return result;
  };
  await build();
  const server = await startSiteServer(out, options.port, options.host);
  const root = ctx.git.location.root;
  const kept = watchedPaths(ctx);
  const under = (file: string, dir: string) => file === dir || file.startsWith(dir + path.sep);
  // The work tree is watched for code changes, but not the build's own output, dependencies or
  // git's objects (the watched git files, and the folders on the way to them, stay in).
  const ignored = (file: string) => {
    if (kept.some((k) => under(file, k) || under(k, file))) return false;
    if (under(file, out)) return true;
    const rel = path.relative(root, file);
    return !rel.startsWith("..") && rel.split(path.sep).some((part) => NOT_WATCHED.has(part));
  };
  const watcher = await watchPaths(
    [...kept, root],
    async () => {
      try {
        await build();
        server.reload();
      } catch (error) {
        events.onError(error);
      }
    },
    { required: [root], ignored },
  );
  return {
    url: server.url,
    out,
    close: async () => {
      await watcher.close();
      await server.close();
    },
  };
}
