import { AdriftError } from "../errors.js";

/**
 * Refuses text that says nothing — empty or only whitespace (Unicode's, as `trim` knows it) —
 * for a field that must say something: a question, a title, a rule's text. `field` names it in
 * the message (`the question`, `a rule's title`), `hint` says how to give it.
 */
export function requireText(value: string | undefined, field: string, hint: string): void {
  if (value !== undefined && value.trim().length > 0) return;
  throw new AdriftError(
    "validation_failed",
    `expected ${field} to say something, got ${value === undefined || value.length === 0 ? "nothing" : "only whitespace"}; ${hint}`,
    { field },
  );
}

/** Control characters (line breaks, NUL, escapes): never part of a name or an email. */
const CONTROL = /\p{Cc}/u;

/**
 * What is wrong with a person's name or email as adrift records them (the author of a session,
 * the actor of an event), or undefined: an email must say something, and neither may hold a
 * control character — a line break in an email would let one identity read as two.
 */
export function personProblem(person: { name?: string; email?: string }): string | undefined {
  if (person.email !== undefined && person.email.trim().length === 0) return "the email is empty";
  if (person.email !== undefined && CONTROL.test(person.email))
    return `the email ${JSON.stringify(person.email.slice(0, 80))} holds a line break or another control character`;
  if (person.name !== undefined && CONTROL.test(person.name))
    return `the name ${JSON.stringify(person.name.slice(0, 80))} holds a line break or another control character`;
  return undefined;
}
