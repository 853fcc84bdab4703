import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { assertNoLinkOnTheWay } from "../adapters/log-files.js";
import { DECISIONS_DIR } from "../core/config.js";
import type { AppContext } from "./dependencies.js";

/** The `.gitattributes` line that keeps local merges of the log conflict-free. */
export const GITATTRIBUTES_RULE = ".decisions/log/*.ndjson merge=union text eol=lf";

/**
 * The `.gitattributes` line that merges the generated ADR index with git's built-in union driver
 * (no configuration in the clone): its table has one line per ADR, written from that ADR alone,
 * so two branches that each accepted an ADR merge with both rows; adrift puts them in order the
 * next time it writes the index.
 */
export function indexMergeRule(adrIndex: string): string {
  const pattern = `/${adrIndex.replace(/^\/+/, "").replaceAll("\\", "/")}`.replace(/[ #]/g, "[$&]");
  return `${pattern} merge=union`;
}

const EXAMPLE_CONFIG = {
  log_dir: ".decisions/log",
  adr_dir: "docs/adr",
  drafts_dir: "docs/adr/drafts",
  correction_cycle_limit: 3,
  coverage_depth: 2,
};

/** Creates `.decisions/`, the `.gitattributes` rule and an example config. Idempotent. */
export async function initRepository(ctx: AppContext) {
  const root = ctx.git.location.root;
  const created: string[] = [];
  const updated: string[] = [];
  const kept: string[] = [];
  const logDir = path.join(root, ctx.config.log_dir);
  if (existsSync(logDir)) kept.push(ctx.config.log_dir);
  else {
    mkdirSync(logDir, { recursive: true });
    writeFileSync(path.join(logDir, ".gitkeep"), "");
    created.push(ctx.config.log_dir);
  }
  const config = path.join(root, DECISIONS_DIR, "config.json");
  if (existsSync(config)) kept.push(`${DECISIONS_DIR}/config.json`);
  else {
    writeFileSync(config, `${JSON.stringify(EXAMPLE_CONFIG, null, 2)}\n`);
    created.push(`${DECISIONS_DIR}/config.json`);
  }
  const attributes = path.join(root, ".gitattributes");
  assertNoLinkOnTheWay(root, ".gitattributes");
  const existing = existsSync(attributes) ? readFileSync(attributes, "utf8") : "";
  const lines = new Set(existing.split(/\r?\n/).map((line) => line.trim()));
  const missing = [GITATTRIBUTES_RULE, indexMergeRule(ctx.config.adr_index)].filter(
    (rule) => !lines.has(rule),
  );
  if (missing.length === 0) kept.push(".gitattributes");
  else {
    const sep = existing.length > 0 && !existing.endsWith("\n") ? "\n" : "";
    writeFileSync(attributes, `${existing}${sep}${missing.map((rule) => `${rule}\n`).join("")}`);
    // A file of the project's own, with its lines kept: updated, not created.
    (existing.length > 0 ? updated : created).push(".gitattributes");
  }
  return { root, created, updated, kept };
}
