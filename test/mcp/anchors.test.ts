// The MCP record tools tell an agent which symbols its change touched and take basis.anchor.
import { describe, expect, it } from "vitest";
import { connectMcp, logEvents } from "../support/mcp.js";
import { makeRepo } from "../support/repo.js";

const CODE =
  "export function keep(a: number) {\n  return a + 1;\n}\n\nexport function other() {\n  return 2;\n}\n";

describe("adrift mcp: anchors", () => {
  it("suggests the symbols the change touched, and basis.anchor auto anchors to them", async () => {
    const repo = makeRepo();
    repo.commit("code", { "src/a.ts": CODE });
    repo.write("src/a.ts", CODE.replace("return 2", "return 3"));
    const mcp = await connectMcp(repo.dir, { name: "claude-code" });
    const card = { card: { outcome: "o" }, trivial: true };
    const plain = await mcp.call("record_decision", {
      ...card,
      basis: { touched_paths: ["src/a.ts"] },
    });
    const text = (plain.content as { text: string }[])[0]!.text;
    expect(text).toContain("src/a.ts#other");
    await mcp.call("record_decision", {
      ...card,
      basis: { touched_paths: ["src/a.ts"], anchor: "auto" },
    });
    await mcp.call("record_decision", { ...card, basis: { touched_paths: ["src/a.ts#keep"] } });
    const anchors = logEvents(repo.dir)
      .filter((e) => e.type === "decision_recorded")
      .map((e) =>
        (e.data as { basis: { anchors?: { symbol: string }[] } }).basis.anchors?.map(
          (a) => a.symbol,
        ),
      );
    expect(anchors).toEqual([undefined, ["other"], ["keep"]]);
  });
});
