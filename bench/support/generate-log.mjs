// Generates a realistic adrift log: sessions, worklines, intent cards, decisions and their
// lifecycle, questions, backlog and ADR events, with Unicode text; ~400 bytes per event.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { monotonicFactory } from "ulid";
import { random } from "../synthetic.mjs";

const WORDS = [
  "cache",
  "sessions",
  "login",
  "outage",
  "faturas",
  "em",
  "reais",
  "округление",
  "клиенты",
  "retry",
  "queue",
  "advisory",
  "lock",
  "postgres",
  "migration",
  "schema",
  "índice",
  "relatório",
  "платёж",
  "timeout",
  "🇧🇷",
  "✅",
];

/** Writes `events` events spread over `files` files under `logDir`. */
export function generateLog(logDir, events, files) {
  const rand = random(42);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(" ");
  const ulid = monotonicFactory(() => rand());
  const start = Date.parse("2025-01-01T00:00:00Z");
  const perFile = Math.ceil(events / files);
  const revision = "0123456789abcdef0123456789abcdef01234567";
  let written = 0;
  for (let f = 0; f < files && written < events; f++) {
    const lines = [];
    const actor = { kind: "human", name: "Ana Souza", email: `dev${f % 40}@example.com` };
    let time = start + f * 3_600_000;
    const make = (type, data, sessionId, extra = {}) => {
      time += 1000;
      const id = ulid(time);
      const event = {
        id,
        type,
        schema_version: 1,
        at: new Date(time).toISOString(),
        actor,
        session_id: sessionId ?? id,
        ...extra,
        data,
      };
      lines.push(JSON.stringify(event));
      return id;
    };
    const session = make("session_started", {
      author: { name: actor.name, email: actor.email },
      branch: `feature/${f}`,
    });
    const workline = make(
      "workline_opened",
      { title: words(4), tag: pick(["auth", "billing"]) },
      session,
    );
    const records = [];
    const stories = [];
    const rule = make(
      "business_rule_recorded",
      { key: `RN-${f}`, title: words(3), text: words(12) },
      session,
    );
    const epic = make("epic_created", { title: words(3) }, session);
    const n = Math.min(perFile, events - written);
    while (lines.length < n) {
      const roll = rand();
      const w = { workline_id: workline };
      if (roll < 0.3 || records.length === 0) {
        const type = roll < 0.16 ? "intent_card_recorded" : "decision_recorded";
        const card = {
          outcome: words(3),
          trigger: words(2),
          chosen_approach: words(2),
          selection_rationale: words(2),
          constraints: "",
          validation_plan: words(1),
        };
        const data = {
          card,
          considered: [{ approach: words(1), rejected_because: words(3) }],
          trivial: false,
          tags: [pick(["auth", "billing", "infra"])],
          ...(type === "decision_recorded" ? { findings: [] } : {}),
          basis: { revision, touched_paths: [`src/${pick(["auth", "billing", "jobs"])}/`] },
        };
        records.push(make(type, data, session, w));
      } else if (roll < 0.5) {
        make(
          "intent_card_amended",
          {
            target_id: pick(records),
            changes: { selection_rationale: words(4) },
            reason: words(2),
          },
          session,
          w,
        );
      } else if (roll < 0.63) {
        make(
          "decision_marked_stale",
          {
            decision_id: pick(records),
            reason: "paths_changed",
            commits: [revision],
            paths: ["src/auth/login.ts"],
            detected_at: new Date(time).toISOString(),
          },
          session,
        );
      } else if (roll < 0.68) {
        make(
          "decision_reverified",
          { decision_id: pick(records), basis: { revision, touched_paths: ["src/auth/"] } },
          session,
        );
      } else if (roll < 0.7 && records.length > 1) {
        make(
          "decision_superseded",
          { decision_id: records[0], superseded_by: records.at(-1) },
          session,
        );
      } else if (roll < 0.76) {
        make(
          "open_question_declared",
          {
            question: `${words(8)}?`,
            suggestion: words(4),
            affects: { rules: [rule], stories: [], tasks: [] },
            author: { name: actor.name, email: actor.email },
          },
          session,
        );
      } else if (roll < 0.82) {
        stories.push(
          make(
            "story_created",
            {
              epic_id: epic,
              title: words(4),
              functional_requirements: [words(5)],
              non_functional_requirements: [],
              definition_of_done: [words(3)],
              definition_of_ready: [words(3)],
              business_rule_ids: [rule],
            },
            session,
          ),
        );
      } else if (roll < 0.88 && stories.length > 0) {
        make("task_created", { story_id: pick(stories), title: words(5) }, session);
      } else if (roll < 0.92 && stories.length > 0) {
        make(
          "story_transitioned",
          { story_id: pick(stories), from: "draft", to: "ready" },
          session,
        );
      } else if (roll < 0.95) {
        make(
          "adr_drafted",
          {
            draft_path: `docs/adr/drafts/${f}-draft.md`,
            record_ids: records.slice(-3),
            cluster_key: `workline:${workline}`,
          },
          session,
        );
      } else if (roll < 0.97) {
        make("workline_parked", { workline_id: workline }, session);
      } else {
        make("workline_activated", { workline_id: workline }, session);
      }
    }
    writeFileSync(
      path.join(logDir, `${ulid(time).toLowerCase()}.events.ndjson`),
      `${lines.join("\n")}\n`,
    );
    written += lines.length;
  }
  return written;
}
