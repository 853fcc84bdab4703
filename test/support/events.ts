// Builds well-formed events in memory for tests of the pure core (no files, no git).

import type { AdriftEvent } from "../../src/core/events/envelope.js";
import { EventSchema } from "../../src/core/events/envelope.js";
import type { EventType, PayloadInput } from "../../src/core/events/payloads.js";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A deterministic ULID-shaped id: the n-th of a test. */
export function testId(n: number): string {
  let out = "";
  let rest = n;
  for (let i = 0; i < 10; i++) {
    out = CROCKFORD[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return `01J${out}${"0".repeat(13)}`;
}

/** Makes events with increasing ids in one session authored by `author`. */
export function eventFactory(author = { name: "Ana", email: "ana@example.com" }) {
  let n = 1;
  const session = testId(n++);
  const actor = { kind: "human" as const, ...author };
  const make = <T extends EventType>(
    type: T,
    data: PayloadInput<T>,
    extra: { actor?: AdriftEvent["actor"]; session_id?: string } = {},
  ): AdriftEvent => {
    const id = testId(n++);
    return EventSchema.parse({
      id,
      type,
      schema_version: 1,
      at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
      actor: extra.actor ?? actor,
      session_id: extra.session_id ?? session,
      data,
    }) as AdriftEvent;
  };
  const started = EventSchema.parse({
    id: session,
    type: "session_started",
    schema_version: 1,
    at: "2026-01-01T00:00:00.000Z",
    actor,
    session_id: session,
    data: { author },
  }) as AdriftEvent;
  return { session, started, make };
}

/** A trivial, complete decision event on `paths` at a fixed basis (for pure report tests). */
export function decisionEvent(
  id: string,
  outcome: string,
  paths: string[],
  extra: object = {},
): AdriftEvent {
  return {
    id,
    type: "decision_recorded",
    schema_version: 1,
    at: "2026-01-01T00:00:00Z",
    actor: { kind: "human", name: "Ana", email: "ana@example.com" },
    session_id: "01JC0000000000000000000000",
    data: {
      card: {
        outcome,
        trigger: outcome,
        chosen_approach: "",
        selection_rationale: "",
        constraints: "",
        validation_plan: "",
      },
      considered: [],
      trivial: true,
      tags: [],
      findings: [],
      basis: { revision: "b".repeat(40), touched_paths: paths },
      ...extra,
    },
  } as AdriftEvent;
}
