import type { AgentName } from "./hook-config.js";

/** What adrift needs from the JSON an agent sends a hook on stdin, whatever the agent. */
export type HookInput = {
  /** the agent's session or conversation id ("unknown" when it sent none) */
  session: string;
  /** the directory the agent works in, when it said */
  cwd?: string;
  /** files the tool call is about to edit or just edited, as the agent named them */
  files: string[];
  /** Claude and Codex: the stop hook already asked once in this turn (avoid a loop) */
  stop_active: boolean;
  /** what the person typed, for the prompt hook (all three agents send it as `prompt`) */
  prompt?: string;
};

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown) =>
  typeof value === "string" && value.length > 0 ? value : undefined;

/** Paths named by an apply_patch body (`*** Update File: src/a.ts`, also Add/Delete/Move to). */
export function patchPaths(patch: string): string[] {
  const paths: string[] = [];
  for (const match of patch.matchAll(
    /^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/gm,
  ))
    paths.push((match[1] ?? match[2] ?? "").trim());
  return paths.filter(Boolean);
}

function toolFiles(toolInput: unknown): string[] {
  if (!isObject(toolInput)) return typeof toolInput === "string" ? patchPaths(toolInput) : [];
  const files: string[] = [];
  for (const key of ["file_path", "path", "notebook_path"]) {
    const value = text(toolInput[key]);
    if (value) files.push(value);
  }
  for (const key of ["command", "patch", "input"]) {
    const value = toolInput[key];
    if (typeof value === "string") files.push(...patchPaths(value));
    if (Array.isArray(value))
      for (const part of value) if (typeof part === "string") files.push(...patchPaths(part));
  }
  return files;
}

/** Normalises an agent's hook JSON; anything missing or malformed becomes empty, never an error. */
export function parseHookInput(agent: AgentName, raw: string): HookInput {
  let data: unknown;
  try {
    data = raw.trim() ? JSON.parse(raw) : {};
  } catch {
    data = {};
  }
  const json = isObject(data) ? data : {};
  if (agent === "cursor") {
    const roots = Array.isArray(json.workspace_roots) ? json.workspace_roots : [];
    return {
      session: text(json.conversation_id) ?? text(json.session_id) ?? "unknown",
      cwd: text(json.cwd) ?? text(roots[0]),
      files: [text(json.file_path)].filter((f): f is string => f !== undefined),
      stop_active: false,
      ...(text(json.prompt) ? { prompt: text(json.prompt) } : {}),
    };
  }
  return {
    session: text(json.session_id) ?? "unknown",
    cwd: text(json.cwd),
    files: [...new Set(toolFiles(json.tool_input))],
    stop_active: json.stop_hook_active === true,
    ...(text(json.prompt) ? { prompt: text(json.prompt) } : {}),
  };
}
