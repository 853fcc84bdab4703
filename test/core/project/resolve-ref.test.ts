import { describe, expect, it } from "vitest";
import type { AdriftError } from "../../../src/core/errors.js";
import { resolveRef } from "../../../src/core/project/lookup.js";
import { emptyState } from "../../../src/core/project/state.js";

function state() {
  const s = emptyState();
  s.artifacts.set("01JB00000000000000000000AA", "intent_card_recorded");
  s.artifacts.set("01JB00000000000000000000AB", "decision_recorded");
  s.artifacts.set("01JC00000000000000000000ZZ", "workline_opened");
  s.artifacts.set("01JD00000000000000000000RR", "business_rule_recorded");
  s.keys.set("RN-858", "01JD00000000000000000000RR");
  return s;
}

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as AdriftError).code;
  }
  return "no error";
};

describe("resolveRef", () => {
  it("finds a full id, case-insensitively", () => {
    expect(resolveRef(state(), "01jb00000000000000000000aa")).toBe("01JB00000000000000000000AA");
  });
  it("finds a unique prefix", () => {
    expect(resolveRef(state(), "01jc")).toBe("01JC00000000000000000000ZZ");
    expect(resolveRef(state(), " 01JB00000000000000000000A B".replace(" B", "B"))).toBe(
      "01JB00000000000000000000AB",
    );
  });
  it("refuses an ambiguous prefix, listing the matches", () => {
    try {
      resolveRef(state(), "01JB");
      expect.unreachable();
    } catch (error) {
      expect((error as AdriftError).code).toBe("ambiguous_id");
      expect((error as AdriftError).details.matches).toHaveLength(2);
    }
  });
  it("finds a human key", () => {
    expect(resolveRef(state(), "RN-858")).toBe("01JD00000000000000000000RR");
  });
  it("limits matches to accepted types", () => {
    expect(resolveRef(state(), "01JB", { accept: ["decision_recorded"] })).toBe(
      "01JB00000000000000000000AB",
    );
    expect(codeOf(() => resolveRef(state(), "01JC", { accept: ["decision_recorded"] }))).toBe(
      "not_found",
    );
  });
  it("says not_found for an unknown id, and refuses an empty one", () => {
    expect(codeOf(() => resolveRef(state(), "01ZZZZ"))).toBe("not_found");
    expect(codeOf(() => resolveRef(state(), "   "))).toBe("validation_failed");
  });
  it("says where to find the ids of what it looks for", () => {
    const hint = (accept?: string[]) => {
      try {
        resolveRef(state(), "NOPE", accept ? { accept } : {});
      } catch (error) {
        return /find ids with `([^`]+)`/.exec((error as AdriftError).message)?.[1];
      }
    };
    expect(hint(["workline_opened"])).toBe("adrift workline list");
    expect(hint(["story_created"])).toBe("adrift story list");
    expect(hint(["open_question_declared"])).toBe("adrift question list");
    expect(hint(["intent_card_recorded", "decision_recorded"])).toBe("adrift list");
    expect(hint()).toBe("adrift list");
  });
  it("points an ADR's number or file name to adrift adr list (ADRs are files, not records)", () => {
    const message = (ref: string) => {
      try {
        resolveRef(state(), ref);
      } catch (error) {
        return (error as AdriftError).message;
      }
    };
    for (const ref of ["ADR-0002", "adr-7", "ADR2", "0002-use-redis"])
      expect(message(ref), ref).toContain("`adrift adr list`");
    for (const ref of ["RN-9", "01ZZZZ", "1234", "NOPE"])
      expect(message(ref), ref).not.toContain("adr list");
  });
  it("needs at least four characters for a prefix", () => {
    expect(codeOf(() => resolveRef(state(), "01J"))).toBe("not_found");
  });
});
