import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stateDir } from "../../adapters/local-state.js";
import {
  AGENT_CONFIG_FILE,
  AGENT_NAMES,
  type AgentName,
  addAdriftHooks,
  PACKAGE_RUNNER,
  removeAdriftHooks,
  shellQuote,
} from "../../core/agents/hook-config.js";
import { AdriftError } from "../../core/errors.js";
import type { AppContext } from "../dependencies.js";

/** What install or uninstall did to one agent's file. */
export type AgentHookChange = {
  agent: AgentName;
  file: string;
  /** install: how the hooks start adrift (the part of each command before `agent hook`) */
  program?: string;
  /** installed / unchanged; restored (byte for byte) / removed (only adrift's entries) / absent */
  action: "installed" | "unchanged" | "restored" | "removed" | "absent";
};

/** The original of a file adrift changed, kept under `<git dir>/adrift/agent-backup/`. */
type Backup = {
  file: string;
  existed: boolean;
  /** the original bytes, base64 */
  original?: string;
  /** directories install created (deepest last), removed again when empty */
  created_dirs: string[];
  /** sha256 of the file as adrift last wrote it */
  installed_sha256: string;
};

const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

function backupPath(ctx: AppContext, agent: AgentName): string {
  return path.join(stateDir(ctx.git.location.gitDir), "agent-backup", `${agent}.json`);
}

function readBackup(ctx: AppContext, agent: AgentName): Backup | undefined {
  try {
    return JSON.parse(readFileSync(backupPath(ctx, agent), "utf8")) as Backup;
  } catch {
    return undefined;
  }
}

function writeBackup(ctx: AppContext, agent: AgentName, backup: Backup): void {
  mkdirSync(path.dirname(backupPath(ctx, agent)), { recursive: true });
  writeFileSync(backupPath(ctx, agent), `${JSON.stringify(backup, null, 2)}\n`);
}

function parseConfig(file: string, bytes: Buffer | undefined): unknown {
  if (bytes === undefined || bytes.toString("utf8").trim() === "") return undefined;
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch (error) {
    throw new AdriftError(
      "validation_failed",
      `${file} is not valid JSON (${(error as Error).message}); fix it, then run install again`,
      { file },
    );
  }
}

const readBytes = (file: string) => (existsSync(file) ? readFileSync(file) : undefined);
const render = (config: unknown) => `${JSON.stringify(config, null, 2)}\n`;

/** Directories between the root and `file` that do not exist yet, outermost first. */
function missingDirs(root: string, file: string): string[] {
  const missing: string[] = [];
  for (let dir = path.dirname(file); dir.startsWith(root) && dir !== root; dir = path.dirname(dir))
    if (!existsSync(dir)) missing.unshift(path.relative(root, dir));
  return missing;
}

/**
 * How the agent hooks start this adrift. A dependency of the project (installed under the
 * repository's `node_modules/`) is started by the package runner with the package name, so the
 * committed file works in every clone that ran `npm install`. Anything else — a global install,
 * a clone of adrift, npx's cache — by the absolute paths of this node and this CLI, as the git
 * hooks are: a bare `adrift` may not be on the agent's PATH, and its hooks would fail unseen.
 */
export function agentHookProgram(root: string, cli = thisCli()): string {
  const relative = path.relative(realpathSync(root), realpathSync(cli));
  const inProject = !relative.startsWith("..") && !path.isAbsolute(relative);
  if (inProject && relative.split(path.sep).includes("node_modules")) return PACKAGE_RUNNER;
  return `${shellQuote(process.execPath)} ${shellQuote(cli)}`;
}

/** The CLI entry point of this installation (dist/cli/main.js). */
function thisCli(): string {
  return fileURLToPath(new URL("../../cli/main.js", import.meta.url));
}

/**
 * Writes adrift's hooks into the agent's configuration file, keeping everything else. The
 * first install keeps the original under the git dir so uninstall can restore it byte for
 * byte; installing again when the hooks are there changes nothing.
 */
export async function installAgentHooks(
  ctx: AppContext,
  agent: AgentName,
  options: { program?: string } = {},
): Promise<AgentHookChange> {
  const root = ctx.git.location.root;
  const relative = AGENT_CONFIG_FILE[agent];
  const file = path.join(root, relative);
  const bytes = readBytes(file);
  const program = options.program ?? agentHookProgram(root);
  let merged: Record<string, unknown>;
  try {
    merged = addAdriftHooks(agent, parseConfig(relative, bytes), program);
  } catch (error) {
    if (error instanceof AdriftError) throw error;
    throw new AdriftError(
      "validation_failed",
      `${relative}: ${(error as Error).message}; it does not have the shape ${agent} documents`,
      { file: relative },
    );
  }
  const text = render(merged);
  if (bytes !== undefined && parseConfig(relative, bytes) !== undefined) {
    if (JSON.stringify(parseConfig(relative, bytes)) === JSON.stringify(merged))
      return { agent, file: relative, program, action: "unchanged" };
  }
  const previous = readBackup(ctx, agent);
  const created = missingDirs(root, file);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  writeBackup(ctx, agent, {
    file: relative,
    existed: previous ? previous.existed : bytes !== undefined,
    ...(previous
      ? previous.original !== undefined
        ? { original: previous.original }
        : {}
      : bytes !== undefined
        ? { original: bytes.toString("base64") }
        : {}),
    created_dirs: previous ? previous.created_dirs : created,
    installed_sha256: sha256(text),
  });
  return { agent, file: relative, program, action: "installed" };
}

/**
 * Takes adrift's hooks out again. When the file is as adrift left it, the original comes back
 * byte for byte (or the file goes, if there was none); when someone edited it since, only
 * adrift's entries are removed so their edits survive.
 */
export async function uninstallAgentHooks(
  ctx: AppContext,
  agent: AgentName,
): Promise<AgentHookChange> {
  const root = ctx.git.location.root;
  const relative = AGENT_CONFIG_FILE[agent];
  const file = path.join(root, relative);
  const bytes = readBytes(file);
  const backup = readBackup(ctx, agent);
  let action: AgentHookChange["action"] = "absent";
  if (backup && bytes !== undefined && sha256(bytes) === backup.installed_sha256) {
    if (backup.existed && backup.original !== undefined)
      writeFileSync(file, Buffer.from(backup.original, "base64"));
    else rmSync(file, { force: true });
    action = "restored";
  } else if (bytes !== undefined) {
    const config = parseConfig(relative, bytes);
    const cleaned = removeAdriftHooks(agent, config);
    if (JSON.stringify(cleaned) !== JSON.stringify(config)) {
      if (Object.keys(cleaned).length === 0 && backup && !backup.existed)
        rmSync(file, { force: true });
      else writeFileSync(file, render(cleaned));
      action = "removed";
    }
  }
  if (backup) {
    for (const dir of [...backup.created_dirs].reverse()) {
      const absolute = path.join(root, dir);
      if (existsSync(absolute) && readdirSync(absolute).length === 0) rmdirSync(absolute);
    }
    rmSync(backupPath(ctx, agent), { force: true });
  }
  return { agent, file: relative, action };
}

/** Uninstalls for one agent, or for every agent that has adrift's hooks or a backup. */
export async function uninstallAllAgentHooks(
  ctx: AppContext,
  agent?: AgentName,
): Promise<AgentHookChange[]> {
  const agents = agent ? [agent] : AGENT_NAMES;
  const changes: AgentHookChange[] = [];
  for (const name of agents) changes.push(await uninstallAgentHooks(ctx, name));
  return agent ? changes : changes.filter((c) => c.action !== "absent");
}
