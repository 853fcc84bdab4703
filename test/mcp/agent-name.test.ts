import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { agentName } from "../../src/mcp/client-repository.js";
import { propertyOptions } from "../support/property.js";

describe("the actor name of an MCP client", () => {
  it("is the client's name when it gives a plain one", () => {
    expect(agentName("claude-code")).toBe("claude-code");
    expect(agentName("  Cursor ")).toBe("Cursor");
  });

  it("is never empty, never longer than 200 code points, never holds control characters or lone surrogates", () => {
    fc.assert(
      fc.property(fc.option(fc.string({ unit: "binary", maxLength: 400 })), (name) => {
        const actor = agentName(name ?? undefined);
        expect(actor.length).toBeGreaterThan(0);
        expect([...actor].length).toBeLessThanOrEqual(200);
        expect(actor).not.toMatch(/[\p{Cc}\p{Cs}]/u);
      }),
      propertyOptions(),
    );
  });
});
