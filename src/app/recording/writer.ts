import { statSync } from "node:fs";
import path from "node:path";
import { withLocalState } from "../../adapters/local-state.js";
import { appendEventsWithStats } from "../../adapters/log-append.js";
import { assertNoLinkOnTheWay } from "../../adapters/log-files.js";
import { AdriftError } from "../../core/errors.js";
import type { AdriftEvent } from "../../core/events/envelope.js";
import { passesLeanCheck } from "../../core/events/lean-check.js";
import type { EventType, PayloadInput } from "../../core/events/payloads.js";
import { type AppContext, repoPath } from "../dependencies.js";
import { dropHookGate, extendHookGate, gateBeforeAppend } from "../hooks/gate.js";
import type { OwnAppend } from "../log/load.js";
import { idTimeFor } from "../log/newest-seen.js";
import { mayAppend } from "../log/ownership.js";
import { currentActor, currentPerson } from "./actor.js";

/** An event to write, before it gets an id, a time, an actor and a session. */
export type EventDraft = {
  [T in EventType]: { type: T; data: PayloadInput<T>; workline_id?: string; message_id?: string };
}[EventType];

/**
 * A draft, or a function building it from the ids assigned to the earlier drafts of the same
 * call (index-aligned with the drafts), so one append can reference its own events.
 */
export type DraftOrBuilder = EventDraft | ((ids: readonly string[]) => EventDraft);

/** The branch key of a detached HEAD. */
const DETACHED = "(detached)";

/** The branch a key names (undefined for a detached HEAD). */
const detachedAsNone = (key: string) => (key === DETACHED ? undefined : key);

/**
 * A clone's log file takes no more appends once it holds this many bytes: the next write starts
 * a new file (and a new session). What a commit that stages the file pays — git hashing and
 * compressing it, adrift's digest of it — grows with the file; a marking commit must not cost
 * more as the log grows.
 */
export const LOG_FILE_CLOSE_BYTES = 1 << 20;

/**
 * True when the log file at `file` (absolute) may take this branch's append: not at its size
 * limit (an absent one is not), and no other branch changed it (`mayAppend`).
 */
async function takesAppend(ctx: AppContext, file: string, branch: string): Promise<boolean> {
  if ((statSync(file, { throwIfNoEntry: false })?.size ?? 0) >= LOG_FILE_CLOSE_BYTES) return false;
  return mayAppend(ctx.git, file, detachedAsNone(branch));
}

/** The schema_version written (as `SCHEMA_VERSION` in common.ts, which loads zod). */
const WRITTEN_VERSION = 1;

type Validators = {
  schemas: typeof import("../../core/events/envelope.js").EVENT_SCHEMAS;
  describe: typeof import("../../core/events/parse.js").describeIssues;
};

let validators: Promise<Validators> | undefined;

/** The schema validator, loaded on first need (a hook that only marks never needs it). */
function loadValidators(): Promise<Validators> {
  validators ??= Promise.all([
    import("../../core/events/envelope.js"),
    import("../../core/events/parse.js"),
  ]).then(([envelope, parse]) => ({
    schemas: envelope.EVENT_SCHEMAS,
    describe: parse.describeIssues,
  }));
  return validators;
}

/**
 * An event checked against its schema, as the schema gives it back: the lean check for the
 * types it knows (the event is then returned as it is), else the schema. Throws
 * `validation_failed` when it does not match.
 */
async function validated(raw: Record<string, unknown> & { type: EventType }): Promise<AdriftEvent> {
  if (passesLeanCheck(raw)) return raw as unknown as AdriftEvent;
  const { schemas, describe } = await loadValidators();
  const parsed = schemas[raw.type].safeParse(raw);
  if (!parsed.success)
    throw new AdriftError(
      "validation_failed",
      `${raw.type}: ${describe(parsed.error)}; nothing was written: fix the value and run the command again`,
      {
        issues: parsed.error.issues.slice(0, 20),
      },
    );
  return parsed.data as AdriftEvent;
}

/** The branch key used for per-branch files: the branch name, or `(detached)`. */
async function branchKey(ctx: AppContext): Promise<string> {
  return (await ctx.git.currentBranch()) ?? DETACHED;
}

/**
 * Writes drafts as one all-or-nothing append to this clone's file for (session, branch),
 * starting the implicit session and a new file when needed (the file is full, or another branch
 * changed it). Validates every event first:
 * nothing is written when any draft is invalid.
 */
export async function writeEvents(
  ctx: AppContext,
  drafts: readonly DraftOrBuilder[],
): Promise<AdriftEvent[]> {
  return (await writeEventsToFile(ctx, drafts)).events;
}

/** Events written, the file (absolute) and bytes they went to, and its stat around the write. */
export type WrittenEvents = OwnAppend & { events: AdriftEvent[] };

/**
 * As `writeEvents`, also naming the log file written (absolute), e.g. for a hook to stage it,
 * and how many bytes the append added to it. `extendGate: false` (a caller that writes the hook
 * gate again itself, from the cache it updates) drops the gate instead of extending it.
 */
export async function writeEventsToFile(
  ctx: AppContext,
  drafts: readonly DraftOrBuilder[],
  options: { extendGate?: boolean } = {},
): Promise<WrittenEvents> {
  const person = await currentPerson(ctx);
  const actor = await currentActor(ctx, person);
  const branch = await branchKey(ctx);
  const logDir = repoPath(ctx, ctx.config.log_dir);
  assertNoLinkOnTheWay(ctx.git.location.root, ctx.config.log_dir);
  return withLocalState(ctx.git.location.gitDir, async (local) => {
    const events: AdriftEvent[] = [];
    const stamp = (
      draft: EventDraft,
      sessionId: string,
      implicit = false,
    ): Promise<AdriftEvent> => {
      // Every event the call writes follows the message that asked for it; the session it
      // starts on its own does not.
      const messageId = draft.message_id ?? (implicit ? undefined : ctx.messageId);
      const now = ctx.clock.now();
      const id = ctx.ids.next(idTimeFor(ctx, now.getTime()));
      return validated({
        id,
        type: draft.type,
        schema_version: WRITTEN_VERSION,
        at: now.toISOString(),
        actor,
        // A session's own session_id is its id.
        session_id: draft.type === "session_started" ? id : sessionId,
        ...(draft.workline_id !== undefined ? { workline_id: draft.workline_id } : {}),
        ...(messageId !== undefined ? { message_id: messageId } : {}),
        data: draft.data,
      });
    };
    const sessionKey = `${person.email}\0${branch}`;
    // An own session (an MCP client's) never becomes the clone's implicit one, so the
    // human's CLI keeps writing to their own session beside it.
    const own = ctx.ownSession;
    let sessionId = ctx.sessionId ?? (own ? own.id : local.sessions[sessionKey]);
    // The implicit session lives in its file: when that file may not be appended to any more,
    // a new file starts with a new session, so this branch's log holds the session it names.
    const implicit = sessionId !== undefined && !ctx.sessionId && !own;
    const previous = sessionId ? local.files[`${sessionId}\0${branch}`] : undefined;
    // A full file, like one another branch changed, takes no more appends.
    const checked =
      previous !== undefined && (await takesAppend(ctx, path.join(logDir, previous), branch));
    if (previous && !checked) {
      delete local.files[`${sessionId}\0${branch}`];
      if (implicit) {
        delete local.sessions[sessionKey];
        sessionId = undefined;
      }
    }
    const first = drafts[0];
    const startsSession = typeof first === "object" && first.type === "session_started";
    if (!sessionId && !startsSession) {
      const title = own?.title ? { title: own.title } : {};
      const data = { author: person, branch, ...title };
      const started = await stamp({ type: "session_started", data }, "", true);
      events.push(started);
      sessionId = started.id;
      if (!own) local.sessions[sessionKey] = sessionId;
    }
    const assigned: string[] = [];
    for (const item of drafts) {
      const draft = typeof item === "function" ? item(assigned) : item;
      const event = await stamp(draft, sessionId ?? "");
      assigned.push(event.id);
      if (event.type === "session_started") {
        sessionId = event.id;
        if (!ctx.sessionId && !own) local.sessions[sessionKey] = event.id;
      }
      events.push(event);
    }
    const fileKey = `${sessionId}\0${branch}`;
    let relative = local.files[fileKey];
    const ok = relative !== undefined && relative === previous ? checked : undefined;
    if (!relative || !(ok ?? (await takesAppend(ctx, path.join(logDir, relative), branch)))) {
      relative = `${ctx.ids.next().toLowerCase()}.events.ndjson`;
      local.files[fileKey] = relative;
    }
    const file = path.join(logDir, relative);
    // The hook gate, still valid before this append, is extended with what it adds.
    const gate = options.extendGate === false ? undefined : gateBeforeAppend(ctx);
    if (options.extendGate === false) dropHookGate(ctx.git.location.gitDir);
    const { bytes: appended, before, after } = await appendEventsWithStats(file, events);
    if (gate) await extendHookGate(ctx, gate, file, events, appended);
    // Only once its first line is on disk does an own session exist.
    if (own && !ctx.sessionId) own.id = sessionId;
    const stats = before && after ? { before, after } : undefined;
    return { state: local, result: { events, file, appended, ...(stats ? { stats } : {}) } };
  });
}

/** The log file this clone appends to for the current (session, branch), if any yet. */
export function logFileFor(ctx: AppContext, relative: string): string {
  return path.join(repoPath(ctx, ctx.config.log_dir), relative);
}
