import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import { AdriftError } from "../../core/errors.js";

/** A path the user typed, resolved: absolute, and relative to the repository root. */
export type ResolvedPath = { absolute: string; relative: string };

/** Where a typed path is resolved from and must stay inside, and the option that took it. */
export type PathRule = {
  /** the directory the command runs in (`-C <dir>`, else the current directory) */
  from: string;
  /** the repository's work tree root */
  root: string;
  /** how the user gave it, for the message: `--out`, `<dir>` */
  option: string;
  /** the document also goes to stdout without it, so the message may suggest `> file` */
  printed?: boolean;
};

/** The real path of `file`, or of its nearest existing ancestor with the rest appended. */
function realPath(file: string): string {
  const rest: string[] = [];
  let at = file;
  while (!existsSync(at)) {
    const parent = path.dirname(at);
    if (parent === at) break;
    rest.unshift(path.basename(at));
    at = parent;
  }
  return path.join(realpathSync(at), ...rest);
}

/**
 * Resolves a path the user typed as a shell would: relative to the directory the command runs
 * in. Refuses (`usage`) one that lands outside the repository's work tree or inside `.git/`,
 * also through a symbolic link: adrift writes only inside the repository it works on. Every
 * option that names a file or folder adrift writes (or a folder of the repository it reads)
 * goes through here.
 */
export function resolveInsideRepository(typed: string, rule: PathRule): ResolvedPath {
  const absolute = path.resolve(rule.from, typed);
  const real = realPath(absolute);
  const root = realPath(path.resolve(rule.root));
  const relative = path.relative(root, real);
  const outside = relative.startsWith("..") || path.isAbsolute(relative);
  const gitDir = relative === ".git" || relative.startsWith(`.git${path.sep}`);
  if (outside || gitDir)
    throw new AdriftError(
      "usage",
      `${rule.option} ${typed} resolves to ${absolute}, ${gitDir ? "inside .git/" : "outside the repository"} (${root}): adrift works only inside the repository's work tree; give a path inside it${rule.printed ? `, or leave out ${rule.option} and redirect stdout (> file)` : ""}`,
      { option: rule.option, path: absolute, root, reason: "outside_repository" },
    );
  return { absolute, relative: relative.split(path.sep).join("/") || "." };
}
