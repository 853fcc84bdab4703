import path from "node:path";
import {
  type DecisionChange,
  decisionsGoverning,
  describeChange,
  renderChanges,
  renderGoverning,
  renderSessionSummary,
  renderStopRequest,
} from "../../core/agents/briefing.js";
import type { AgentName, HookEvent } from "../../core/agents/hook-config.js";
import type { HookInput } from "../../core/agents/hook-input.js";
import type { ProjectState } from "../../core/project/state.js";
import type { AppContext } from "../dependencies.js";
import { loadProject } from "../log/load.js";
import { activeWorkline } from "../recording/records.js";
import { answerConsentReply, proposalAtStop } from "./consent-hook.js";
import { readSessionMemory, writeSessionMemory } from "./session-memory.js";

/** Repo-relative forms of the files an agent named; files outside the repository drop out. */
export function relativeFiles(root: string, cwd: string | undefined, files: readonly string[]) {
  const out = new Set<string>();
  for (const file of files) {
    const absolute = path.resolve(cwd ?? root, file);
    const relative = path.relative(root, absolute);
    if (!relative || relative.startsWith("..") || path.isAbsolute(relative)) continue;
    out.add(relative.split(path.sep).join("/"));
  }
  return [...out];
}

/** Decisions governing touched files whose status moved since the agent last heard of them. */
function changesSince(
  state: ProjectState,
  seen: Record<string, string>,
  touched: readonly string[],
): DecisionChange[] {
  const changes: DecisionChange[] = [];
  const ids = new Set([
    ...Object.keys(seen),
    ...decisionsGoverning(state, touched).map((d) => d.id),
  ]);
  for (const id of ids) {
    const record = state.records.get(id);
    const was = seen[id];
    if (!record || !was || was === record.status || record.status === "active") continue;
    changes.push({
      id,
      outcome: record.card.outcome,
      was: was as DecisionChange["was"],
      now: record.status,
      because: describeChange(record, state),
    });
  }
  return changes;
}

/**
 * Answers one agent hook: what the agent should hear at this moment (undefined: nothing).
 * Remembers, per agent session, the files touched and the decision states told, so a decision
 * that goes stale or is superseded under the agent is reported once, as "was → now"; and the
 * proposals shown for consent: at stop the agent is asked to show the person one proposed card
 * as a block, and the person's next prompt ("yes", or a field to change) confirms it.
 */
export async function answerAgentHook(
  ctx: AppContext,
  agent: AgentName,
  event: HookEvent,
  input: HookInput,
): Promise<string | undefined> {
  const { gitDir, root } = ctx.git.location;
  const memory = readSessionMemory(gitDir, agent, input.session, ctx.clock.now().toISOString());
  const { state } = await loadProject(ctx);
  const files = relativeFiles(root, input.cwd, input.files);
  const fresh = files.filter((f) => !memory.touched.includes(f));
  const parts: (string | undefined)[] = [];

  if (event === "prompt") parts.push(await answerConsentReply(ctx, memory, input.prompt));
  if (event === "session-start") {
    parts.push(renderSessionSummary(state, activeWorkline(ctx, state)));
    // the workline one-liner `adrift context` prints (docs/reports.md)
    const { contextLine } = await import("../reports/context-line.js");
    const line = (await contextLine(ctx)).text;
    if (line) parts.push(`Context: ${line}`);
  }
  if (event === "stop") {
    if (!input.stop_active && memory.touched.length > memory.asked_at) {
      parts.push(renderStopRequest(memory.touched));
      memory.asked_at = memory.touched.length;
    }
    // Each proposal is shown once, so asking again while a stop hook is active cannot loop.
    parts.push(proposalAtStop(state, memory));
  } else if (!(agent === "cursor" && event === "prompt")) {
    parts.push(renderChanges(changesSince(state, memory.seen, memory.touched)));
    // before an edit (or, for Cursor, at the first edit of a file): the governing decisions
    const briefFor =
      event === "pre-edit" || (agent === "cursor" && event === "post-edit") ? fresh : [];
    if (briefFor.length > 0)
      parts.push(renderGoverning(briefFor, decisionsGoverning(state, briefFor)));
    memory.touched.push(...fresh);
    for (const decision of decisionsGoverning(state, memory.touched))
      memory.seen[decision.id] = decision.status;
    for (const id of Object.keys(memory.seen)) {
      const record = state.records.get(id);
      if (record) memory.seen[id] = record.status;
    }
  }
  writeSessionMemory(gitDir, memory);
  const text = parts.filter(Boolean).join("\n\n");
  return text || undefined;
}
