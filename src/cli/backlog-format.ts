import { detectAgent } from "../app/recording/actor.js";
import type { Repository } from "../app/repository.js";
import type { QuestionView } from "../core/project/backlog-types.js";
import { safeText } from "../core/render/terminal.js";
import type { QaRound } from "../core/rules/verdicts.js";
import { oneLine } from "./format.js";
import { cliIo, paint } from "./io.js";

/** `KEY id` or just the id, for listings. */
export function label(item: { id: string; key?: string }): string {
  return item.key ? `${safeText(item.key)} ${paint("dim", item.id)}` : paint("dim", item.id);
}

/**
 * Warnings (never blocking) printed in yellow. In an agent's shell they are what the person
 * must see (questions only they answer): the agent is told to pass them on.
 */
export function warningLines(warnings: string[]): string[] {
  const label = detectAgent(cliIo().env) ? "tell the user" : "warning";
  return warnings.map((w) => paint("yellow", `  ${label}: ${safeText(w)}`));
}

/** Missing readiness items, one per line. */
export function missingLines(missing: { message: string }[], prefix = "not ready"): string[] {
  return missing.map((m) => paint("yellow", `  ${prefix}: ${safeText(m.message)}`));
}

/** One listing line for a question. */
export function questionLine(q: QuestionView): string {
  const status = q.status === "open" ? paint("yellow", "open    ") : paint("green", "answered");
  return `${paint("dim", q.id)}  ${status}  ${oneLine(q.question)}  — ${safeText(q.author.name)}`;
}

/**
 * A question as `question list` shows it: its line, then what it suggests and what it
 * affects, so the person sees what an answer decides without opening each one.
 */
export function questionRows(q: QuestionView): string[] {
  return [
    questionLine(q),
    ...(q.suggestion ? [`    suggests  ${oneLine(q.suggestion)}`] : []),
    `    affects   ${affectsText(q.affects)}`,
  ];
}

/** "story:ID, task:ID, path:P" for a question's affects. */
export function affectsText(affects: {
  rules: string[];
  stories: string[];
  tasks: string[];
  paths?: string[];
  decisions?: string[];
}): string {
  const parts = [
    ...affects.rules.map((id) => `rule:${id}`),
    ...affects.stories.map((id) => `story:${id}`),
    ...affects.tasks.map((id) => `task:${id}`),
    ...(affects.paths ?? []).map((p) => `path:${safeText(p)}`),
    ...(affects.decisions ?? []).map((id) => `decision:${id}`),
  ];
  return parts.length ? parts.join(", ") : "(nothing named)";
}

/** The full human view of a task (`adrift task show`). */
export function taskDetails(r: Awaited<ReturnType<Repository["showTask"]>>): string {
  const waiting = r.task.status === "parked" ? paint("yellow", " — waiting for you") : "";
  return [
    `${paint("bold", "Task")} ${label(r.task)}  ${safeText(r.task.title)}  (${r.task.status})${waiting}`,
    `  story  ${r.story ? safeText(`${r.story.key ?? r.story.id} ${r.story.title}`) : r.task.story_id}`,
    `  cycles ${r.task.cycles}/${r.correction_cycle_limit}`,
    ...r.rules.map((x) => `  rule   ${safeText(`${x.key ?? x.id} ${x.title}`)} (inherited)`),
    ...r.task.verdicts.map(
      (v) =>
        `  verdict ${v.verdict}${v.specialty ? ` (${safeText(v.specialty)})` : ""}${v.notes ? `: ${safeText(v.notes)}` : ""}`,
    ),
    ...qaLines(r.qa),
    ...(r.waiting_for ? [`  waits  ${questionLine(r.waiting_for)}`] : []),
  ].join("\n");
}

/** The QA round as the lead reads it: each specialty's voice, who is still to speak, the result. */
function qaLines(qa: QaRound): string[] {
  if (qa.specialties.length === 0) return [];
  const voices = qa.specialties.map((s) => {
    const v = qa.voices.find((voice) => voice.specialty === s);
    return `${safeText(s)}: ${v ? v.verdict : paint("dim", "pending")}`;
  });
  const result = qa.consolidated
    ? `→ ${qa.consolidated}`
    : paint("dim", "→ waiting for every voice");
  return [`  QA     ${voices.join(", ")}  ${result}`];
}

/** The user decisions block under its heading, indented, or nothing when none reach the work. */
export function decisionsText(block: { decisions: unknown[]; text: string }): string[] {
  if (block.decisions.length === 0) return [];
  return safeText(block.text.trim(), { multiline: true })
    .split("\n")
    .map((line) => `  ${line}`);
}

/** The full human view of a question (`adrift question show`). */
export function questionDetails(r: Awaited<ReturnType<Repository["showQuestion"]>>): string {
  const q = r.question;
  return [
    `${paint("bold", "Question")} ${q.id}  (${q.status})`,
    `  ${safeText(q.question, { multiline: true })}`,
    ...(q.suggestion ? [`  suggestion  ${safeText(q.suggestion, { multiline: true })}`] : []),
    `  affects     ${affectsText(q.affects)}`,
    `  asked by    ${safeText(q.author.name)}`,
    ...(q.answer
      ? [
          `  answer      ${safeText(q.answer.answer, { multiline: true })}`,
          `  answered by ${safeText(q.answer.answered_by.email)}, decision ${q.answer.decision_id}`,
        ]
      : [`  only ${safeText(r.answerable_by ?? "the session author")} can answer it`]),
  ].join("\n");
}

/** The full human view of a story (`adrift story show`). */
export function storyDetails(r: Awaited<ReturnType<Repository["showStory"]>>): string {
  const list = (name: string, items: string[]) =>
    items.map((item) => `  ${name.padEnd(6)} ${safeText(item)}`);
  return [
    `${paint("bold", "Story")} ${label(r.story)}  ${safeText(r.story.title)}  (${r.story.status})`,
    `  epic   ${r.epic ? safeText(`${r.epic.key ?? r.epic.id} ${r.epic.title}`) : r.story.epic_id}`,
    ...list("RF", r.story.functional_requirements),
    ...list("RNF", r.story.non_functional_requirements),
    ...list("DoD", r.story.definition_of_done),
    ...list("DoR", r.story.definition_of_ready),
    ...list(
      "rule",
      r.rules.map((x) => `${x.key ?? x.id} ${x.title}`),
    ),
    ...list(
      "task",
      r.tasks.map((t) => `${t.key ?? t.id} ${t.title} (${t.status})`),
    ),
    ...r.open_questions.map((q) => `  open   ${questionLine(q)}`),
    ...(r.decisions.length ? [`  ${r.decisions.length} user decision(s) affect it`] : []),
    ...(r.story.amendments.length ? [paint("dim", `  amended ${r.story.amendments.length}×`)] : []),
    ...missingLines(r.missing),
  ].join("\n");
}
