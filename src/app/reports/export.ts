import { AdriftError } from "../../core/errors.js";
import type { AdriftEvent } from "../../core/events/envelope.js";
import { resolveRef } from "../../core/project/lookup.js";
import type { ProjectState } from "../../core/project/state.js";
import { type ExportInput, exportChunks, renderExport } from "../../core/render/export.js";
import type { AppContext } from "../dependencies.js";
import { loadProject } from "../log/load.js";
import { sessionIdFor } from "../recording/worklines.js";

/** What to export: a session, a workline, or (neither) this clone's current session. */
export type ExportOptions = { session?: string; workline?: string };

function mentions(event: AdriftEvent, workline: string): boolean {
  if (event.workline_id === workline || event.id === workline) return true;
  const data = event.data as { workline_id?: string };
  return data.workline_id === workline;
}

/** What `exportMarkdown` returns, its Markdown as pieces to write one after the other. */
export type ExportStream = { kind: "session" | "workline"; id: string; chunks: Iterable<string> };

/** A session or workline as readable Markdown, with its timeline and its cards. */
export async function exportMarkdown(
  ctx: AppContext,
  options: ExportOptions = {},
): Promise<{ kind: "session" | "workline"; id: string; markdown: string }> {
  const input = await exportInput(ctx, options);
  return { kind: input.kind, id: input.id, markdown: renderExport(input) };
}

/** `exportMarkdown` as a stream: the same bytes, a few records at a time, never one string. */
export async function exportMarkdownStream(
  ctx: AppContext,
  options: ExportOptions = {},
): Promise<ExportStream> {
  const input = await exportInput(ctx, options);
  return { kind: input.kind, id: input.id, chunks: exportChunks(input) };
}

/** What the export of a session or workline covers. */
export async function exportInput(ctx: AppContext, options: ExportOptions): Promise<ExportInput> {
  if (options.session && options.workline)
    throw new AdriftError("usage", "give --session or --workline, not both");
  const { state, log } = await loadProject(ctx);
  if (options.workline) {
    const id = resolveRef(state, options.workline, {
      accept: ["workline_opened"],
      what: "workline",
    });
    const events = log.events.filter((e) => mentions(e, id));
    const records = [...state.records.values()].filter((r) => r.workline_id === id);
    const title = state.worklines.get(id)!.title;
    return { kind: "workline", id, title, events, records, names: backlogNames(state) };
  }
  const id = await sessionIdFor(ctx, state, options.session);
  const session = id ? state.sessions.get(id) : undefined;
  if (!session)
    throw new AdriftError(
      "not_found",
      "no session on this branch yet: give --session <id> or --workline <id>",
    );
  const events = log.events.filter((e) => e.session_id === session.id);
  const records = [...state.records.values()].filter((r) => r.session_id === session.id);
  return {
    kind: "session",
    id: session.id,
    title: session.title,
    author: `${session.author.name} <${session.author.email}>`,
    events,
    records,
    names: backlogNames(state),
  };
}

/** The key and title of every story, task, epic and rule, for the timeline to name them. */
function backlogNames(state: ProjectState): Map<string, { key?: string; title: string }> {
  const names = new Map<string, { key?: string; title: string }>();
  for (const artifacts of [state.stories, state.tasks, state.epics, state.rules])
    for (const [id, a] of artifacts as Map<string, { key?: string; title: string }>)
      names.set(id, { ...(a.key ? { key: a.key } : {}), title: a.title });
  return names;
}
