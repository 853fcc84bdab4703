import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readRegularFile } from "../../adapters/safe-file.js";
import { type AppContext, repoPath } from "../dependencies.js";

// From src/app/adr/ and from dist/app/adr/ alike, the package's templates are three levels up.
const BUILT_IN = fileURLToPath(new URL("../../../templates/", import.meta.url));

/** A template by file name: the project's override in `templates_dir`, else adrift's own. */
export function loadTemplate(ctx: AppContext, name: string): string {
  const relative = `${ctx.config.templates_dir}/${name}`;
  // The project's file: a regular file of bounded size, reached without a link (repoPath).
  const override = readRegularFile(repoPath(ctx, relative), { name: relative });
  return override ? override.toString("utf8") : readFileSync(`${BUILT_IN}${name}`, "utf8");
}
