import type { Repository } from "../app/repository.js";
import type { EpicView, RuleView } from "../core/project/backlog-types.js";
import type { SessionView, WorklineView } from "../core/project/state.js";
import { quotePath, safeText } from "../core/render/terminal.js";
import { label, questionDetails, storyDetails, taskDetails } from "./backlog-format.js";
import { recordDetails } from "./format.js";
import { paint } from "./io.js";

/** What `repo.show` returns: the artifact under one key (record, session, rule, …), or its event. */
export type Shown = Awaited<ReturnType<Repository["show"]>>;
type Where = Shown["at"];

const where = (at: Where) => (at ? [paint("dim", `  ${quotePath(at.file)}:${at.line}`)] : []);

/** A view's heading, then where the artifact was recorded, then the rest of the view. */
const placed = (view: string, at: Where) => {
  const [heading, ...rest] = view.split("\n");
  return [heading, ...where(at), ...rest].join("\n");
};

/** A labelled field; user text keeps its lines, control characters escaped. Empty: left out. */
const field = (name: string, value: string | undefined) =>
  value?.trim() ? [`  ${name.padEnd(12)} ${safeText(value, { multiline: true })}`] : [];

/**
 * How `adrift show` prints each kind of artifact for people, by the key `repo.show` puts it
 * under. A kind whose `adrift <kind> show` exists prints exactly that view. A new kind of
 * artifact adds a line here; anything not listed prints as its event (`eventDetails`).
 */
const RENDERERS: Record<string, (shown: Shown, repo: Repository) => string | Promise<string>> = {
  record: (s) => recordDetails((s as { record: Parameters<typeof recordDetails>[0] }).record, s.at),
  session: async (s, repo) => {
    const session = (s as { session: SessionView }).session;
    const { records } = await repo.showSession(s.id);
    return [
      `${paint("bold", "Session")} ${session.id}${session.title ? `  ${safeText(session.title)}` : ""}`,
      ...where(s.at),
      ...field("author", `${session.author.name} <${session.author.email}>`),
      ...field("branch", session.branch),
      ...field("started", session.at),
      ...field("agent", session.actor.kind === "agent" ? session.actor.name : undefined),
      ...field("records", `${records.length}${records.length ? `: ${records.join(", ")}` : ""}`),
    ].join("\n");
  },
  workline: (s) => {
    const w = (s as { workline: WorklineView }).workline;
    return [
      `${paint("bold", "Workline")} ${w.id}  ${safeText(w.title)}  (${w.status})`,
      ...where(s.at),
      ...field("tag", w.tag),
      ...field("opened", w.at),
      ...field("session", w.session_id),
    ].join("\n");
  },
  rule: (s) => {
    const r = (s as { rule: RuleView }).rule;
    return [
      `${paint("bold", "Rule")} ${label(r)}  ${safeText(r.title)}`,
      ...where(s.at),
      ...field("text", r.text),
      ...field("recorded", r.at),
    ].join("\n");
  },
  epic: (s) => {
    const e = (s as { epic: EpicView }).epic;
    return [
      `${paint("bold", "Epic")} ${label(e)}  ${safeText(e.title)}`,
      ...where(s.at),
      ...field("description", e.description),
      ...field("created", e.at),
    ].join("\n");
  },
  story: async (s, repo) => placed(storyDetails(await repo.showStory(s.id)), s.at),
  task: async (s, repo) => placed(taskDetails(await repo.showTask(s.id)), s.at),
  question: async (s, repo) => placed(questionDetails(await repo.showQuestion(s.id)), s.at),
};

/** An event as people read it: its type, time and actor, then its fields, one per line. */
export function eventDetails(shown: Shown): string {
  const event = (shown as { event?: { type: string; at: string; actor: { name: string } } }).event;
  if (!event) return `${shown.type} ${shown.id}`;
  const lines = [
    `${paint("bold", "Event")} ${safeText(event.type)} ${shown.id}`,
    ...where(shown.at),
    paint("dim", `  ${event.at} by ${safeText(event.actor.name)}`),
  ];
  const walk = (prefix: string, value: unknown) => {
    if (value === null || value === undefined || value === "") return;
    if (Array.isArray(value)) {
      if (value.every((v) => typeof v !== "object" || v === null))
        lines.push(...field(prefix, value.join(", ")));
      else for (const [i, v] of value.entries()) walk(`${prefix}[${i}]`, v);
    } else if (typeof value === "object")
      for (const [key, v] of Object.entries(value)) walk(prefix ? `${prefix}.${key}` : key, v);
    else lines.push(...field(prefix, String(value)));
  };
  walk("", (event as { data?: unknown }).data);
  return lines.join("\n");
}

/** The human view of whatever `adrift show` found. */
export async function shownDetails(shown: Shown, repo: Repository): Promise<string> {
  const key = Object.keys(RENDERERS).find((k) => k in shown);
  return key ? RENDERERS[key]!(shown, repo) : eventDetails(shown);
}
