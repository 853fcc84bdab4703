import * as z from "zod";
import { Actor, Label, SCHEMA_VERSION, Ulid } from "./common.js";
import { type EventType, PAYLOADS, type PayloadOf } from "./payloads.js";

/** Fields every event carries, whatever its type. */
export const Envelope = z.object({
  id: Ulid,
  type: z.string().min(1).max(200),
  schema_version: z.number().int().min(1),
  at: z
    .string()
    .regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
      "expected an RFC 3339 time",
    ),
  actor: Actor,
  session_id: Ulid,
  workline_id: z.string().max(200).optional(),
  message_id: Label.optional(),
  data: z.record(z.string(), z.unknown()),
});

export type Envelope = z.infer<typeof Envelope>;

/** One known event: the envelope with a typed payload in `data`. */
export type AdriftEvent = {
  [T in EventType]: Omit<Envelope, "type" | "data" | "schema_version"> & {
    type: T;
    schema_version: typeof SCHEMA_VERSION;
    data: PayloadOf<T>;
  };
}[EventType];

/** A known event of type T. */
export type EventOf<T extends EventType> = Extract<AdriftEvent, { type: T }>;

/** An event whose type this build does not know: kept, ignored by projections. */
export type UnknownEvent = Envelope & { unknown: true };

/** Schema of each whole known event (envelope + typed payload), by type: one parse per line. */
export const EVENT_SCHEMAS = Object.fromEntries(
  Object.entries(PAYLOADS).map(([type, payload]) => [
    type,
    Envelope.extend({
      type: z.literal(type),
      schema_version: z.literal(SCHEMA_VERSION),
      data: payload,
    }),
  ]),
) as unknown as { [T in EventType]: z.ZodType<EventOf<T>, unknown> };

/** Schema of a whole known event, discriminated by `type`. */
export const EventSchema = z.discriminatedUnion(
  "type",
  Object.values(EVENT_SCHEMAS) as unknown as [z.ZodObject, ...z.ZodObject[]],
);

/** True when `type` is a type this build knows. */
export function isKnownType(type: string): type is EventType {
  return Object.hasOwn(PAYLOADS, type);
}
