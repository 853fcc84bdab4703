import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { writeFileAtomically } from "../../adapters/atomic-file.js";
import { stateDir } from "../../adapters/local-state.js";
import type { AgentName } from "../../core/agents/hook-config.js";
import type { RecordStatus } from "../../core/project/state.js";

/** What adrift remembers of one agent session, under `<git dir>/adrift/agent-sessions/`. */
export type AgentSessionMemory = {
  version: 1;
  agent: AgentName;
  session: string;
  /** repo-relative files the agent edited (or was about to) in this session */
  touched: string[];
  /** decision id -> the status the agent was last told about */
  seen: Record<string, RecordStatus>;
  /** how many files were touched when the stop hook last asked for records */
  asked_at: number;
  /** when adrift first heard of this session: proposals from then on are shown for consent */
  since?: string;
  /** proposed records already shown to the person in a consent block */
  proposals_shown?: string[];
  /** the proposal whose block the agent was last asked to show: the next prompt may answer it */
  awaiting?: string;
  /** when that block was a re-verification of `awaiting`: the proposal event shown */
  awaiting_reverification?: string;
};

function memoryFile(gitDir: string, agent: AgentName, session: string): string {
  const key = createHash("sha256").update(session).digest("hex").slice(0, 24);
  return path.join(stateDir(gitDir), "agent-sessions", `${agent}-${key}.json`);
}

/** The memory of a session, empty (since `now`) when it is new (or its file unreadable). */
export function readSessionMemory(
  gitDir: string,
  agent: AgentName,
  session: string,
  now?: string,
): AgentSessionMemory {
  try {
    const parsed = JSON.parse(
      readFileSync(memoryFile(gitDir, agent, session), "utf8"),
    ) as AgentSessionMemory;
    if (parsed.version === 1 && parsed.session === session) return parsed;
  } catch {
    // a new session
  }
  return {
    version: 1,
    agent,
    session,
    touched: [],
    seen: {},
    asked_at: 0,
    ...(now ? { since: now } : {}),
  };
}

/** Saves the memory (atomic rename: two hooks of one session never leave a torn file). */
export function writeSessionMemory(gitDir: string, memory: AgentSessionMemory): void {
  const file = memoryFile(gitDir, memory.agent, memory.session);
  writeFileAtomically(file, `${JSON.stringify(memory)}\n`, { mkdir: true });
}
