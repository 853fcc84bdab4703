import { AdriftError } from "../../core/errors.js";
import { StoryChangesFields } from "../../core/events/inputs.js";
import { StoryCreated } from "../../core/events/payloads.js";
import { assertKnownFields, NOTHING_WRITTEN } from "../../core/inputs/argument-errors.js";
import {
  assertNewKey,
  findEpic,
  findQuestion,
  findRule,
  findStory,
  resolveReference,
} from "../../core/project/backlog-lookup.js";
import type { StoryFields, StoryStatus, StoryView } from "../../core/project/backlog-types.js";
import type { ProjectState } from "../../core/project/state.js";
import { assertStoryAmendable } from "../../core/rules/amendment.js";
import { requireText } from "../../core/rules/input-text.js";
import { openQuestionsForStory, openQuestionsWarning } from "../../core/rules/questions.js";
import { assertReady, missingForReady } from "../../core/rules/readiness.js";
import {
  assertStatus,
  assertStoryTransition,
  STORY_TRANSITIONS,
} from "../../core/rules/transitions.js";
import { selectUserDecisions } from "../../core/rules/user-decisions.js";
import type { AppContext } from "../dependencies.js";
import { loadProject } from "../log/load.js";
import { checkedWrite } from "../recording/domain-lock.js";
import { writeEvents } from "../recording/writer.js";
import { findRecordRef } from "./affects.js";

/** What a story is made of when it is created; rule and epic refs may be keys or prefixes. */
export type StoryInput = {
  title: string;
  /** the epic: id, unique prefix or key */
  epic_id: string;
  key?: string;
  functional_requirements?: string[];
  non_functional_requirements?: string[];
  definition_of_done?: string[];
  definition_of_ready?: string[];
  /** linked rules: ids, unique prefixes or keys */
  business_rule_ids?: string[];
  /** the recorded decisions or intent cards it carries out: ids or unique prefixes */
  decision_ids?: string[];
};

function resolveRules(state: ProjectState, refs: string[]): string[] {
  const ids = refs.map((ref) =>
    resolveReference(() => findRule(state, ref).id, "business rule", ref),
  );
  return [...new Set(ids)];
}

function resolveDecisions(state: ProjectState, refs: string[]): string[] {
  const ids = refs.map(
    (ref) => resolveReference(() => findRecordRef(state, ref), "decision", ref).id,
  );
  return [...new Set(ids)];
}

function warningsFor(
  state: ProjectState,
  story: Pick<StoryView, "id" | "business_rule_ids" | "task_ids"> & { decision_ids?: string[] },
): string[] {
  const warning = openQuestionsWarning(openQuestionsForStory(state, story));
  return warning ? [warning] : [];
}

/** Creates a story as draft and promotes it to ready in the same append when it is ready. */
async function addStoryUnlocked(ctx: AppContext, input: StoryInput) {
  assertKnownFields("story", StoryCreated, input, NOTHING_WRITTEN);
  requireText(
    input.title,
    "a story's title",
    'name the story, e.g. adrift story add "Invoices in BRL" --epic E',
  );
  const { state } = await loadProject(ctx);
  assertNewKey(state, input.key);
  const epic = resolveReference(() => findEpic(state, input.epic_id), "epic", input.epic_id);
  const fields: StoryFields = {
    title: input.title,
    functional_requirements: input.functional_requirements ?? [],
    non_functional_requirements: input.non_functional_requirements ?? [],
    definition_of_done: input.definition_of_done ?? [],
    definition_of_ready: input.definition_of_ready ?? [],
    business_rule_ids: resolveRules(state, input.business_rule_ids ?? []),
  };
  const missing = missingForReady(fields);
  const decisions = resolveDecisions(state, input.decision_ids ?? []);
  const written = await writeEvents(ctx, [
    {
      type: "story_created",
      data: {
        ...fields,
        epic_id: epic.id,
        ...(input.key ? { key: input.key } : {}),
        ...(decisions.length > 0 ? { decision_ids: decisions } : {}),
      },
    },
    ...(missing.length === 0
      ? [
          (ids: readonly string[]) => ({
            type: "story_transitioned" as const,
            data: { story_id: ids[0]!, from: "draft", to: "ready" },
          }),
        ]
      : []),
  ]);
  const created = written.find((e) => e.type === "story_created")!;
  return {
    id: created.id,
    key: input.key,
    status: (missing.length === 0 ? "ready" : "draft") as StoryStatus,
    missing,
    warnings:
      missing.length === 0
        ? warningsFor(state, {
            id: created.id,
            business_rule_ids: fields.business_rule_ids,
            task_ids: [],
            decision_ids: decisions,
          })
        : [],
  };
}

/** Moves a story along its state machine; `ready` checks readiness and warns of open questions. */
async function transitionStoryUnlocked(ctx: AppContext, ref: string, to: StoryStatus) {
  const { state } = await loadProject(ctx);
  const story = findStory(state, ref);
  assertStoryTransition(story.id, story.status, to);
  if (to === "ready") assertReady(story);
  const [event] = (
    await writeEvents(ctx, [
      { type: "story_transitioned", data: { story_id: story.id, from: story.status, to } },
    ])
  ).slice(-1);
  return {
    id: story.id,
    key: story.key,
    event_id: event!.id,
    from: story.status,
    to,
    warnings: to === "ready" ? warningsFor(state, story) : [],
  };
}

/** Changes to a story: lists replace; rules and decisions are refs resolved like on creation. */
export type StoryChanges = Partial<StoryFields> & { decision_ids?: string[] };

/**
 * Amends a story: freely while draft, past draft only with an answered question, never while a
 * task of it is in progress or in review, never once done (docs/backlog.md#amending-a-story).
 */
async function amendStoryUnlocked(
  ctx: AppContext,
  ref: string,
  input: StoryChanges & { question?: string },
) {
  assertKnownFields("story changes", StoryChangesFields, input, NOTHING_WRITTEN);
  if (input.title !== undefined)
    requireText(input.title, "a story's title", "give the new title, or leave --title out");
  const { state } = await loadProject(ctx);
  const story = findStory(state, ref);
  const question = input.question ? findQuestion(state, input.question) : undefined;
  const { question: _q, business_rule_ids, decision_ids, ...rest } = input;
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(rest))
    if (value !== undefined) changes[field] = value;
  if (business_rule_ids) changes.business_rule_ids = resolveRules(state, business_rule_ids);
  if (decision_ids) changes.decision_ids = resolveDecisions(state, decision_ids);
  if (Object.keys(changes).length === 0)
    throw new AdriftError("usage", "nothing to amend: give at least one field to change");
  assertStoryAmendable(state, story, question);
  const data = { story_id: story.id, changes, ...(question ? { question_id: question.id } : {}) };
  const after = { ...story, ...(changes as Partial<StoryFields>) };
  // An amendment never takes a story that passed readiness back below it.
  if (story.status !== "draft") assertReady(after);
  const [event] = (await writeEvents(ctx, [{ type: "story_amended", data }])).slice(-1);
  return {
    id: story.id,
    event_id: event!.id,
    status: story.status,
    missing: missingForReady(after),
  };
}

/** A story with its rules, tasks, readiness, open questions and user decisions. */
export async function showStory(ctx: AppContext, ref: string) {
  const { state } = await loadProject(ctx);
  const story = findStory(state, ref);
  return {
    story,
    epic: state.epics.get(story.epic_id),
    rules: story.business_rule_ids.map((id) => state.rules.get(id)).filter((r) => r !== undefined),
    tasks: story.task_ids.map((id) => state.tasks.get(id)!),
    missing: missingForReady(story),
    open_questions: openQuestionsForStory(state, story),
    decisions: selectUserDecisions(state, { story: story.id }).map((d) => d.id),
  };
}

/** Stories, oldest first, optionally of one epic or status. */
export async function listStories(
  ctx: AppContext,
  filter: { epic?: string; status?: string } = {},
) {
  assertStatus("story", STORY_TRANSITIONS, filter.status);
  const { state } = await loadProject(ctx);
  const epic = filter.epic ? findEpic(state, filter.epic).id : undefined;
  return [...state.stories.values()]
    .filter((s) => (!epic || s.epic_id === epic) && (!filter.status || s.status === filter.status))
    .map((s) => ({
      id: s.id,
      key: s.key,
      title: s.title,
      status: s.status,
      epic_id: s.epic_id,
      rules: s.business_rule_ids.length,
      tasks: s.task_ids.length,
      missing: missingForReady(s),
    }));
}

/** `transitionStoryUnlocked` as one critical section: the log read, checked and appended under the clone's lock. */
export const transitionStory = checkedWrite(transitionStoryUnlocked);

/** `amendStoryUnlocked` as one critical section: the log read, checked and appended under the clone's lock. */
export const amendStory = checkedWrite(amendStoryUnlocked);

/** `addStoryUnlocked` as one critical section: the log read, checked and appended under the clone's lock. */
export const addStory = checkedWrite(addStoryUnlocked);
