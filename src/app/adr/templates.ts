import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type AppContext, repoPath } from "../dependencies.js";

// From src/app/adr/ and from dist/app/adr/ alike, the package's templates are three levels up.
const BUILT_IN = fileURLToPath(new URL("../../../templates/", import.meta.url));

/** A template by file name: the project's override in `templates_dir`, else adrift's own. */
export function loadTemplate(ctx: AppContext, name: string): string {
  const override = repoPath(ctx, `${ctx.config.templates_dir}/${name}`);
  return readFileSync(existsSync(override) ? override : `${BUILT_IN}${name}`, "utf8");
}
