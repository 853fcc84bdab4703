import { withoutOwnFiles } from "../../adapters/git/own-files.js";
import { DECISIONS_DIR } from "../../core/config-defaults.js";
import type { AppContext } from "../dependencies.js";

const hidden = new WeakMap<AppContext, AppContext>();
const made = new WeakSet<AppContext>();

/**
 * The context staleness and fingerprinting run in: git with adrift's own folders (`.decisions/`
 * and the log directory) hidden, so scopes never match adrift's own files.
 */
export function withoutOwnFilesContext(ctx: AppContext): AppContext {
  if (made.has(ctx)) return ctx;
  let view = hidden.get(ctx);
  if (!view) {
    view = { ...ctx, git: withoutOwnFiles(ctx.git, [DECISIONS_DIR, ctx.config.log_dir]) };
    hidden.set(ctx, view);
    made.add(view);
  }
  return view;
}
