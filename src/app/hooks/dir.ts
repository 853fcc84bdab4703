import path from "node:path";
import type { AppContext } from "../dependencies.js";
import { HOOK_NAMES } from "./script.js";

/** Where docs/hooks.md says what to do instead of installing into a shared hooks directory. */
export const SHARED_HOOKS_ADVICE =
  "docs/hooks.md#corehookspath-husky-lefthook: call `adrift hook run <name>` from your tracked hooks, or point core.hooksPath at an untracked directory";

/** True when `child` is `parent` or below it. */
function within(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/**
 * Why installing into `dir` would change what git shows: the directory (core.hooksPath) lies in
 * the work tree, and git tracks files in it or would list the new hooks as untracked. The hooks
 * adrift writes hold absolute paths of this machine, so they must not be committed and shared.
 * Empty when `dir` is under the git dir or outside the work tree.
 */
export async function hooksDirWarnings(ctx: AppContext, dir: string): Promise<string[]> {
  const { root, gitDir, commonDir } = ctx.git.location;
  if (!within(root, dir) || within(gitDir, dir) || within(commonDir, dir)) return [];
  const relative = path.relative(root, dir).split(path.sep).join("/");
  const shown = relative || ".";
  const tracked = await ctx.git.trackedFiles(relative);
  const prefix = relative ? `${relative}/` : "";
  let unignored = false;
  for (const name of HOOK_NAMES) {
    const file = prefix + name;
    if (!tracked.includes(file) && !(await ctx.git.isIgnored(file))) {
      unignored = true;
      break;
    }
  }
  const reasons = [
    ...(tracked.length > 0
      ? [
          `git tracks ${tracked.length} file(s) in it (${tracked.slice(0, 3).join(", ")}${tracked.length > 3 ? ", …" : ""}), so the hooks adrift changes there show as modified`,
        ]
      : []),
    ...(unignored ? ["it is not ignored, so the hooks adrift adds show as untracked"] : []),
  ];
  if (reasons.length === 0) return [];
  return [
    `the hooks directory ${shown} (core.hooksPath) is inside the work tree: ${reasons.join("; ")}. These hooks hold absolute paths of this machine: do not commit them; see ${SHARED_HOOKS_ADVICE}`,
  ];
}
