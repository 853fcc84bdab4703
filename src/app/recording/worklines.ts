import { readLocalState, withLocalState } from "../../adapters/local-state.js";
import { AdriftError } from "../../core/errors.js";
import { resolveRef } from "../../core/project/lookup.js";
import type { ProjectState, WorklineView } from "../../core/project/state.js";
import type { AppContext } from "../dependencies.js";
import { loadProject } from "../log/load.js";
import { computeStaleness } from "../staleness/stale-report.js";
import { currentPerson } from "./actor.js";
import { checkedWrite } from "./domain-lock.js";
import { writeEvents } from "./writer.js";

/** Starts an explicit session for this clone's author and branch; later events go to it. */
export async function startSession(ctx: AppContext, title?: string) {
  const author = await currentPerson(ctx);
  const branch = (await ctx.git.currentBranch()) ?? "(detached)";
  const [event] = await writeEvents(ctx, [
    { type: "session_started", data: { author, branch, ...(title ? { title } : {}) } },
  ]);
  return { id: event!.id, event: event! };
}

/**
 * The session `ref` names, or else the one this clone writes to now for the current author and
 * branch (undefined when none has started yet).
 */
export async function sessionIdFor(
  ctx: AppContext,
  state: ProjectState,
  ref?: string,
): Promise<string | undefined> {
  if (ref) return resolveRef(state, ref, { accept: ["session_started"], what: "session" });
  const author = await currentPerson(ctx);
  const branch = (await ctx.git.currentBranch()) ?? "(detached)";
  return (
    ctx.sessionId ?? readLocalState(ctx.git.location.gitDir).sessions[`${author.email}\0${branch}`]
  );
}

/** The session this clone writes to now (for the current author and branch), with its records. */
export async function showSession(ctx: AppContext, ref?: string) {
  const { state } = await loadProject(ctx);
  const id = await sessionIdFor(ctx, state, ref);
  const session = id ? state.sessions.get(id) : undefined;
  if (!session)
    throw new AdriftError(
      "not_found",
      "no session yet on this branch: one starts with the first record, or run `adrift session start`",
    );
  const records = [...state.records.values()]
    .filter((r) => r.session_id === session.id)
    .map((r) => r.id);
  return { session, records };
}

function findWorkline(state: ProjectState, ref: string): WorklineView {
  return state.worklines.get(
    resolveRef(state, ref, { accept: ["workline_opened"], what: "workline" }),
  )!;
}

async function setActive(ctx: AppContext, id: string | undefined): Promise<void> {
  await withLocalState(ctx.git.location.gitDir, async (local) => {
    if (id) local.active_workline = id;
    else delete local.active_workline;
    return { state: local, result: undefined };
  });
}

/** Opens a workline and makes it this clone's active one. */
export async function openWorkline(ctx: AppContext, title: string, tag?: string) {
  if (!title.trim())
    throw new AdriftError(
      "validation_failed",
      'expected a workline title, got an empty one; e.g. adrift workline open "Session cache"',
    );
  const [event] = (
    await writeEvents(ctx, [{ type: "workline_opened", data: { title, ...(tag ? { tag } : {}) } }])
  ).slice(-1);
  await setActive(ctx, event!.id);
  return { id: event!.id, title, tag, active: true };
}

type Transition = "park" | "activate" | "close";
const TYPE = {
  park: "workline_parked",
  activate: "workline_activated",
  close: "workline_closed",
} as const;
const ALLOWED: Record<Transition, WorklineView["status"][]> = {
  park: ["open"],
  activate: ["open", "parked"],
  close: ["open", "parked"],
};

/** Parks, activates or closes a workline (default: the active one). Activation lists its stale records. */
async function changeWorklineUnlocked(ctx: AppContext, transition: Transition, ref?: string) {
  const { state } = await loadProject(ctx);
  const activeId = readLocalState(ctx.git.location.gitDir).active_workline;
  const target = ref ?? (transition === "activate" ? undefined : activeId);
  if (!target)
    throw new AdriftError(
      "usage",
      `expected a workline id: no workline is active in this clone; give its id (see \`adrift workline list\`)`,
    );
  const workline = findWorkline(state, target);
  if (!ALLOWED[transition].includes(workline.status))
    throw new AdriftError(
      "invalid_transition",
      `${transition} expects an ${ALLOWED[transition].join(" or ")} workline, got ${workline.id}, which is ${workline.status}; see \`adrift workline list\``,
      { status: workline.status, allowed: ALLOWED[transition] },
    );
  const wasActive = activeId === workline.id;
  if (!(transition === "activate" && workline.status === "open"))
    await writeEvents(ctx, [{ type: TYPE[transition], data: { workline_id: workline.id } }]);
  if (transition === "activate") await setActive(ctx, workline.id);
  else if (wasActive) await setActive(ctx, undefined);
  const stale = transition === "activate" ? await staleRecordsOf(ctx, state, workline.id) : [];
  return {
    id: workline.id,
    title: workline.title,
    status: transition === "park" ? "parked" : transition === "close" ? "closed" : "open",
    active: transition === "activate",
    to_reverify: stale,
  };
}

/**
 * The workline's records that are stale: marked in the log, or computed stale now (a parked
 * workline's records are not trusted just because nobody marked them).
 */
async function staleRecordsOf(ctx: AppContext, state: ProjectState, worklineId: string) {
  const computed = new Set(
    (await computeStaleness(ctx)).findings
      .filter((f) => f.state === "stale")
      .map((f) => f.record_id),
  );
  return [...state.records.values()]
    .filter(
      (r) =>
        r.workline_id === worklineId &&
        r.status !== "superseded" &&
        (r.status === "stale" || computed.has(r.id)),
    )
    .map((r) => ({ id: r.id, outcome: r.card.outcome, recorded: r.status === "stale" }));
}

/** Every workline with its status and record count; the active one marked. */
export async function listWorklines(ctx: AppContext) {
  const { state } = await loadProject(ctx);
  const active = readLocalState(ctx.git.location.gitDir).active_workline;
  const counts = new Map<string, number>();
  for (const r of state.records.values())
    if (r.workline_id) counts.set(r.workline_id, (counts.get(r.workline_id) ?? 0) + 1);
  return [...state.worklines.values()].map((w) => ({
    id: w.id,
    title: w.title,
    tag: w.tag,
    status: w.status,
    active: w.id === active,
    records: counts.get(w.id) ?? 0,
  }));
}

/** `changeWorklineUnlocked` as one critical section: the log read, checked and appended under the clone's lock. */
export const changeWorkline = checkedWrite(changeWorklineUnlocked);
