import { BusinessRuleRecorded, EpicCreated } from "../../core/events/payloads.js";
import { assertKnownFields, NOTHING_WRITTEN } from "../../core/inputs/argument-errors.js";
import { assertNewKey } from "../../core/project/backlog-lookup.js";
import { type CoverageReport, computeCoverage } from "../../core/rules/coverage.js";
import { requireText } from "../../core/rules/input-text.js";
import type { AppContext } from "../dependencies.js";
import { loadProject } from "../log/load.js";
import { checkedWrite } from "../recording/domain-lock.js";
import { writeEvents } from "../recording/writer.js";

/** Records a business rule: what the product must do, for stories to cover. */
async function addRuleUnlocked(
  ctx: AppContext,
  input: { title: string; text: string; key?: string },
) {
  assertKnownFields("business rule", BusinessRuleRecorded, input, NOTHING_WRITTEN);
  requireText(
    input.title,
    "a business rule's title",
    'name the rule, e.g. adrift rule add "Refunds within 7 days" --text "…"',
  );
  requireText(input.text, "a business rule's text", 'say what the rule requires with --text "…"');
  const { state } = await loadProject(ctx);
  assertNewKey(state, input.key);
  const [event] = (
    await writeEvents(ctx, [
      {
        type: "business_rule_recorded",
        data: { title: input.title, text: input.text, ...(input.key ? { key: input.key } : {}) },
      },
    ])
  ).slice(-1);
  return { id: event!.id, key: input.key, event: event! };
}

/** Every business rule with the number of stories covering it. */
export async function listRules(ctx: AppContext) {
  const { state } = await loadProject(ctx);
  const coverage = computeCoverage(state);
  return coverage.rules.map((row) => ({
    ...state.rules.get(row.rule_id)!,
    stories: row.stories.length,
  }));
}

/** Creates an epic. */
async function addEpicUnlocked(
  ctx: AppContext,
  input: { title: string; key?: string; description?: string },
) {
  assertKnownFields("epic", EpicCreated, input, NOTHING_WRITTEN);
  requireText(input.title, "an epic's title", 'name the epic, e.g. adrift epic add "Billing"');
  const { state } = await loadProject(ctx);
  assertNewKey(state, input.key);
  const data = {
    title: input.title,
    ...(input.key ? { key: input.key } : {}),
    ...(input.description ? { description: input.description } : {}),
  };
  const [event] = (await writeEvents(ctx, [{ type: "epic_created", data }])).slice(-1);
  return { id: event!.id, key: input.key, event: event! };
}

/** Every epic with the number of its stories. */
export async function listEpics(ctx: AppContext) {
  const { state } = await loadProject(ctx);
  const stories = [...state.stories.values()];
  return [...state.epics.values()].map((epic) => ({
    ...epic,
    stories: stories.filter((s) => s.epic_id === epic.id).length,
  }));
}

/** Rule → stories coverage; uncovered rules are findings. */
export async function coverage(ctx: AppContext): Promise<CoverageReport> {
  return computeCoverage((await loadProject(ctx)).state);
}

/** `addRuleUnlocked` as one critical section: the log read, checked and appended under the clone's lock. */
export const addRule = checkedWrite(addRuleUnlocked);

/** `addEpicUnlocked` as one critical section: the log read, checked and appended under the clone's lock. */
export const addEpic = checkedWrite(addEpicUnlocked);
