import { DECISIONS_DIR } from "../../core/config-defaults.js";
import { AdriftError } from "../../core/errors.js";
import type { AppContext } from "../dependencies.js";

/** What to do when a shallow clone cannot answer. */
export const FETCH =
  "fetch the full history (actions/checkout with fetch-depth: 0, or git fetch --unshallow) and run again";

/**
 * The commit the log is compared with: `rev`, or — when HEAD did not grow from it (the base
 * branch moved on) — their merge base, the log as HEAD's branch had it. Fails, saying to fetch
 * the history, when a shallow clone cannot tell.
 */
export async function resolveBase(ctx: AppContext, rev: string, shallow: ReadonlySet<string>) {
  const resolved = await ctx.git.resolveRevision(rev);
  if (!resolved)
    throw new AdriftError(
      "validation_failed",
      shallow.size > 0
        ? `--against ${rev} is not in this clone, which is shallow: ${FETCH}`
        : `--against ${rev} does not name a commit here`,
      { rev },
    );
  const head = await ctx.git.resolveRevision("HEAD");
  if (!head || (await ctx.git.isAncestor(resolved, head))) return { base: resolved, notices: [] };
  const [base] = shallow.size > 0 ? [] : await ctx.git.mergeBases([resolved, head]);
  if (!base)
    throw new AdriftError(
      "validation_failed",
      shallow.size > 0
        ? `this shallow clone does not show how HEAD relates to --against ${rev}: ${FETCH}`
        : `HEAD and --against ${rev} share no history: give the revision HEAD's branch grew from`,
      { rev },
    );
  const note = `${rev} is not an ancestor of HEAD: compared with their merge base ${base.slice(0, 12)}, the log as HEAD's branch had it`;
  return { base, notices: [note] };
}

/** The log dir the config at `rev` named (the default when it had none or an invalid one). */
export async function logDirAt(ctx: AppContext, rev: string, notices: string[]): Promise<string> {
  const file = `${DECISIONS_DIR}/config.json`;
  const text = (await ctx.git.readFileAt(rev, file))?.toString("utf8");
  const { parseConfig } = await import("../../core/config.js");
  try {
    return parseConfig(text, `${file} at ${rev.slice(0, 12)}`).log_dir;
  } catch (error) {
    notices.push(
      `${(error as Error).message}; its log is taken to be under ${parseConfig(undefined).log_dir}`,
    );
    return parseConfig(undefined).log_dir;
  }
}
