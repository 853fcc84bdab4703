import type { ProjectState, StoryView } from "../project/state.js";

/** One rule with the stories that cover it and the tasks that inherit it. */
export type RuleCoverage = {
  rule_id: string;
  key?: string;
  title: string;
  stories: { id: string; key?: string; title: string; status: string }[];
  tasks: { id: string; key?: string; title: string; story_id: string }[];
};

/** A rule no story covers. */
export type CoverageFinding = {
  rule: "uncovered_rule";
  rule_id: string;
  key?: string;
  message: string;
};

export type CoverageReport = {
  rules: RuleCoverage[];
  findings: CoverageFinding[];
  covered: number;
  total: number;
};

/** Rule → stories (tasks inherit their story's links); a rule with no story is a finding. */
export function computeCoverage(state: ProjectState): CoverageReport {
  const rules: RuleCoverage[] = [];
  const findings: CoverageFinding[] = [];
  // One pass over stories, so coverage stays linear on large backlogs.
  const byRule = new Map<string, StoryView[]>();
  for (const story of state.stories.values())
    for (const id of new Set(story.business_rule_ids)) {
      const list = byRule.get(id);
      if (list) list.push(story);
      else byRule.set(id, [story]);
    }
  for (const rule of state.rules.values()) {
    const stories = byRule.get(rule.id) ?? [];
    const tasks = stories.flatMap((story) =>
      story.task_ids.flatMap((id) => {
        const task = state.tasks.get(id);
        return task ? [{ id, key: task.key, title: task.title, story_id: story.id }] : [];
      }),
    );
    rules.push({
      rule_id: rule.id,
      key: rule.key,
      title: rule.title,
      stories: stories.map((s) => ({ id: s.id, key: s.key, title: s.title, status: s.status })),
      tasks,
    });
    if (stories.length === 0)
      findings.push({
        rule: "uncovered_rule",
        rule_id: rule.id,
        key: rule.key,
        message: `rule ${rule.key ?? rule.id} "${rule.title}" is covered by no story`,
      });
  }
  return { rules, findings, covered: rules.length - findings.length, total: rules.length };
}

/** The rules a task inherits from its story (derived, never stored). */
export function inheritedRules(state: ProjectState, taskId: string): string[] {
  const task = state.tasks.get(taskId);
  const story = task ? state.stories.get(task.story_id) : undefined;
  return story ? [...story.business_rule_ids] : [];
}
