// `adrift symbols`: what an anchor can name in files of the work tree, so a person (or an agent)
// writes `path#Name` with a name that exists.
import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  codeLanguageOf,
  readCodeSymbols,
  type SymbolSpan,
} from "../../adapters/anchors/code-symbols.js";
import { openGit } from "../../adapters/git/open.js";
import { AdriftError } from "../../core/errors.js";
import { resolveInsideRepository } from "../recording/user-paths.js";

/** One file's symbols: each with the anchor that names it (`path#Name`). */
export type FileSymbols = {
  /** the path from the repository's root, as scopes hold it */
  path: string;
  /** the language the file is parsed as; null when anchors there fall back to the whole file */
  language: string | null;
  symbols: (SymbolSpan & { anchor: string })[];
};

/** The symbols of each file (paths as typed, from `cwd`), in the order given. */
export async function listFileSymbols(options: {
  cwd: string;
  env: NodeJS.ProcessEnv;
  paths: readonly string[];
}): Promise<FileSymbols[]> {
  const { root } = (await openGit(options.cwd, options.env)).location;
  const out: FileSymbols[] = [];
  for (const typed of options.paths) {
    const file = resolveInsideRepository(typed, { from: options.cwd, root, option: "path" });
    let content: string;
    try {
      content = await readFile(path.join(root, file.relative), "utf8");
    } catch (error) {
      throw new AdriftError(
        "not_found",
        `${typed}: no such file in the work tree (${(error as NodeJS.ErrnoException).code ?? "unreadable"}); give a file, not a folder`,
        { path: file.relative },
      );
    }
    const symbols = (await readCodeSymbols(file.relative, content)) ?? [];
    out.push({
      path: file.relative,
      language: codeLanguageOf(file.relative) ?? null,
      symbols: symbols.map((s) => ({
        anchor: `${file.relative}#${s.name}`,
        name: s.name,
        kind: s.kind,
        startLine: s.startLine,
        endLine: s.endLine,
        fingerprint: s.fingerprint,
      })),
    });
  }
  return out;
}
