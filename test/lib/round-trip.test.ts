import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  type AdriftEvent,
  EVENT_TYPES,
  type EventDraft,
  foldEvents,
  openRepository,
  readLog,
  steppingClock,
  writeEvents,
} from "../../src/index.js";
import { makeRepo } from "../support/repo.js";

const RU = "Клиенты жалуются на округление — «срочно»";
const PT = "Faturas em reais: ação, coração, não é óbvio";
const EMOJI = "deploy 🚀 ✅ 🇧🇷 👩🏽‍💻";
const card = {
  outcome: PT,
  trigger: RU,
  chosen_approach: EMOJI,
  selection_rationale: `${RU} / ${PT}`,
  constraints: "без простоя",
  validation_plan: "validação 🧪",
};
const considered = [{ approach: "float 🎈", rejected_because: "ошибки округления" }];
const person = { name: "Зоя Сousa", email: "zoya@example.com" };

describe("every event type round-trips through the library", () => {
  it("record -> file -> read -> fold keeps the same data, Unicode included", async () => {
    const repo = makeRepo();
    const head = repo.git("rev-parse", "HEAD").trim();
    const api = await openRepository(repo.dir, {
      clock: steppingClock(new Date("2026-03-01T10:00:00Z")),
    });
    const ctx = api.context;
    const written: AdriftEvent[] = [];
    const write = async (draft: EventDraft) => {
      const events = await writeEvents(ctx, [draft]);
      written.push(...events);
      return events.at(-1)!.id;
    };
    const basis = { revision: head, touched_paths: ["src/faturação/", "src/**/*.ts"] };

    await write({ type: "session_started", data: { title: `sessão ${EMOJI}`, author: person } });
    const workline = await write({ type: "workline_opened", data: { title: RU, tag: "região" } });
    await write({ type: "workline_parked", data: { workline_id: workline } });
    await write({ type: "workline_activated", data: { workline_id: workline } });
    const closed = await write({ type: "workline_opened", data: { title: "fechado" } });
    await write({ type: "workline_closed", data: { workline_id: closed } });
    const card1 = await write({
      type: "intent_card_recorded",
      data: { card, considered, tags: ["деньги", "💰"], basis, tier_b: { side_effects: [PT] } },
      workline_id: workline,
      message_id: "msg-ç-1",
    });
    await write({
      type: "intent_card_amended",
      data: { target_id: card1, changes: { outcome: `${PT} (v2)` }, reason: RU },
    });
    await write({
      type: "intent_confirmed",
      data: { target_id: card1, changes: { trigger: `${RU} ${EMOJI}` } },
    });
    const decision = await write({
      type: "decision_recorded",
      data: { card, considered, findings: [EMOJI, RU], basis, tags: ["ç"] },
    });
    const successor = await write({
      type: "decision_recorded",
      data: { card: { ...card, outcome: "новое решение" }, considered, basis },
    });
    await write({
      type: "decision_marked_stale",
      data: {
        decision_id: decision,
        reason: "paths_changed",
        commits: [head],
        paths: ["src/faturação/nota.ts"],
        detected_at: "2026-03-01T10:00:00.000Z",
      },
    });
    await write({ type: "decision_anchored", data: { decision_id: decision, basis, note: RU } });
    const proposal = await write({
      type: "decision_reverify_proposed",
      data: { decision_id: decision, basis, note: `${RU} ${EMOJI}` },
    });
    await write({
      type: "decision_reverified",
      data: { decision_id: decision, basis, note: PT, proposal_id: proposal },
    });
    await write({
      type: "decision_superseded",
      data: { decision_id: decision, superseded_by: successor },
    });
    const rule = await write({
      type: "business_rule_recorded",
      data: { key: "RN-858", title: "Правило", text: PT },
    });
    const epic = await write({ type: "epic_created", data: { title: EMOJI, description: RU } });
    const story = await write({
      type: "story_created",
      data: {
        epic_id: epic,
        title: PT,
        functional_requirements: [RU],
        definition_of_done: [EMOJI],
        definition_of_ready: ["pronto"],
        business_rule_ids: [rule],
      },
    });
    const question = await write({
      type: "open_question_declared",
      data: {
        question: `${RU}?`,
        suggestion: PT.slice(0, 20),
        affects: { rules: [rule], stories: [story], tasks: [] },
        author: person,
      },
    });
    await write({
      type: "open_question_answered",
      data: {
        question_id: question,
        answer: PT,
        accepted_suggestion: false,
        decision_id: successor,
        answered_by: person,
      },
    });
    await write({
      type: "story_amended",
      data: { story_id: story, changes: { title: RU }, question_id: question },
    });
    await write({
      type: "story_transitioned",
      data: { story_id: story, from: "draft", to: "ready" },
    });
    const task = await write({ type: "task_created", data: { story_id: story, title: EMOJI } });
    await write({ type: "task_transitioned", data: { task_id: task, from: "todo", to: "done" } });
    await write({
      type: "verdict_recorded",
      data: { task_id: task, verdict: "approved", notes: PT },
    });
    const draftPath = "docs/adr/drafts/faturação.md";
    const adr = await write({
      type: "adr_drafted",
      data: { draft_path: draftPath, record_ids: [card1], cluster_key: "tag:деньги" },
    });
    await write({
      type: "adr_accepted",
      data: {
        adr_id: adr,
        number: 1,
        path: "docs/adr/0001-faturação.md",
        record_ids: [card1],
        accepted_by: person,
      },
    });
    await write({ type: "adr_rejected", data: { adr_id: adr, draft_path: draftPath, reason: RU } });
    await write({
      type: "adr_imported",
      data: { adr_id: "adr-0007", number: 7, path: "docs/adr/0007-x.md", status: "✅", title: PT },
    });

    expect(new Set(written.map((e) => e.type))).toEqual(new Set(EVENT_TYPES));

    const log = await readLog(path.join(repo.dir, ".decisions/log"), repo.dir);
    expect(log.problems).toEqual([]);
    expect(log.unknown).toEqual([]);
    expect(log.events).toEqual([...written].sort((a, b) => (a.id < b.id ? -1 : 1)));

    const state = foldEvents(log.events);
    const session = state.sessions.get(written[0]!.id)!;
    expect(session.title).toBe(`sessão ${EMOJI}`);
    expect(session.author).toEqual(person);
    expect(state.worklines.get(closed)!.status).toBe("closed");
    expect(state.worklines.get(workline)).toMatchObject({
      title: RU,
      tag: "região",
      status: "open",
    });
    const intent = state.records.get(card1)!;
    expect(intent.card).toEqual({ ...card, outcome: `${PT} (v2)`, trigger: `${RU} ${EMOJI}` });
    expect(intent.amendments).toHaveLength(1);
    expect(intent.consent).toBe("confirmed");
    expect(intent.confirmations).toEqual([
      expect.objectContaining({ changes: { trigger: `${RU} ${EMOJI}` } }),
    ]);
    expect(intent.amendments[0]!.reason).toBe(RU);
    expect(intent.considered).toEqual(considered);
    expect(intent.tags).toEqual(["деньги", "💰"]);
    expect(intent.workline_id).toBe(workline);
    expect(intent.tier_b).toEqual({ side_effects: [PT] });
    const old = state.records.get(decision)!;
    expect(old.findings).toEqual([EMOJI, RU]);
    expect(old.status).toBe("superseded");
    expect(old.superseded_by).toBe(successor);
    expect(old.reverifications).toHaveLength(1);
    expect(old.reverifications[0]!.data).toMatchObject({ note: PT, proposal_id: proposal });
    expect(old.reverify_proposals).toEqual([]);
    expect(old.basis).toEqual(basis);
    expect(state.records.get(successor)!.supersedes).toEqual([decision]);
    expect(state.dangling).toEqual([]);
  });
});
