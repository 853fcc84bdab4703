import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseConsentReply } from "../../../src/core/agents/proposal.js";
import { propertyOptions } from "../../support/property.js";

describe("parseConsentReply: one short reply is consent, anything else is not", () => {
  it("reads yes in the languages of the project's users, with or without punctuation", () => {
    for (const reply of [
      "yes",
      "Yes.",
      " y ",
      "OK!",
      "okay",
      "confirm",
      "да",
      "Sim",
      "sí",
      "oui",
      "ja",
    ])
      expect(parseConsentReply(reply), reply).toEqual({ changes: {} });
  });

  it("reads one field to change, with or without a yes before it", () => {
    expect(parseConsentReply("outcome: Login survives a 2h outage")).toEqual({
      changes: { outcome: "Login survives a 2h outage" },
    });
    expect(parseConsentReply("yes, why: cheapest by far")).toEqual({
      changes: { selection_rationale: "cheapest by far" },
    });
    expect(parseConsentReply("Check = kill the IdP in staging")).toEqual({
      changes: { validation_plan: "kill the IdP in staging" },
    });
    expect(parseConsentReply("chosen approach: a second IdP")).toEqual({
      changes: { chosen_approach: "a second IdP" },
    });
  });

  it("is no consent for anything else: a question, a no, two fields, an unknown field", () => {
    for (const reply of [
      "no",
      "yes but change the trigger",
      "why did you pick this?",
      "outcome: a\ntrigger: b",
      "owner: me",
      "",
      "yesterday was fine",
    ])
      expect(parseConsentReply(reply), reply).toBeUndefined();
  });

  it("never reads consent into text that does not start with a yes word or a field name", () => {
    const fields =
      /^\s*(yes|y|yep|ok|okay|confirm|confirmed|да|ага|sim|sí|si|oui|ja|outcome|trigger|why|chosen|approach|rationale|constraints|check|validation)\b/iu;
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        fc.pre(!fields.test(text));
        expect(parseConsentReply(text)).toBeUndefined();
      }),
      propertyOptions(),
    );
  });
});
