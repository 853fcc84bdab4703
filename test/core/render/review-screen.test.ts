import { describe, expect, it } from "vitest";
import { keysLine, reviewScreen, wrapText } from "../../../src/core/render/review-screen.js";
import { type ReviewItem, reviewActions } from "../../../src/core/review/review-item.js";

const plain = (_color: string, text: string) => text;

function item(overrides: Partial<ReviewItem> = {}): ReviewItem {
  const base = {
    id: "01JC3A7QKD0000000000000000",
    scope: ["src/auth/login.ts#login", "src/auth/"],
    proposals: [
      {
        id: "01JC3A7QKD0000000000000009",
        by: "claude-code",
        at: "2026-03-01T10:00:00Z",
        note: `checked the cache is read first ${"and more ".repeat(20)}`,
        revision: "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
      },
    ],
    consent: "confirmed" as const,
  };
  return {
    ...base,
    kind: "decision",
    state: "stale",
    recorded: true,
    card: {
      outcome: "Login checks the session cache first",
      trigger: "",
      chosen_approach: "cache sessions 24h",
      selection_rationale: "word ".repeat(200),
      constraints: "",
      validation_plan: "",
    },
    incomplete: ["no constraints: say what the approach must respect"],
    basis_revision: "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
    commits: [
      { hash: "9f1c2e4a1b".repeat(4), author: "Ana Souza", subject: "login: IdP first ".repeat(9) },
    ],
    omitted_commits: 2,
    anchors: [
      { path: "src/auth/login.ts", symbol: "login", change: "renamed", new_symbol: "signIn" },
    ],
    files: [
      {
        path: "src/auth/login.ts",
        change: "modified",
        hunks: [
          {
            old_start: 1,
            old_lines: 1,
            new_start: 1,
            new_lines: 1,
            lines: [
              { op: "-", text: `const a = 1; // ${"x".repeat(120)}` },
              { op: "+", text: "const a = 2;\u001b[31m" },
            ],
          },
        ],
      },
      { path: "logo.png", change: "modified", note: "binary file" },
    ],
    actions: reviewActions(base),
    ...overrides,
  };
}

describe("the review screen", () => {
  it("fits 80 columns and says where it is, what changed, what was proposed and the keys", () => {
    const screen = reviewScreen(plain, item(), { index: 2, total: 17 });
    const lines = screen.split("\n");
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80);
    expect(lines[0]).toMatch(/^── 3 of 17 ── stale \(marked\) decision 01JC3A7QKD ─+$/);
    expect(screen).toContain(
      "Anchors     src/auth/login.ts#login renamed → src/auth/login.ts#signIn",
    );
    expect(screen).toContain("Commits     9f1c2e4a1b Ana Souza: login: IdP first");
    expect(screen).toContain("… 2 more");
    expect(screen).toContain("Proposed    by claude-code at 4b825dc642");
    expect(screen).toContain("+const a = 2;\\033[31m");
    expect(screen).toContain("  binary file");
    expect(screen.endsWith(`\n\n${keysLine(plain, item(), 80, false)}`)).toBe(true);
    expect(screen).toMatch(/c confirm the proposal/);
  });

  it("cuts the diff to the lines that fit and offers d for the rest", () => {
    const screen = reviewScreen(plain, item(), { index: 0, total: 1, diffLines: 2 });
    expect(screen).toContain("… 4 more diff line(s): d shows them");
    expect(screen).toContain("d whole diff");
  });

  it("wraps the keys to the width, never cutting a key", () => {
    const text = keysLine(plain, item(), 40, true);
    for (const line of text.split("\n")) expect([...line].length).toBeLessThanOrEqual(40);
    expect(text.replace(/\n/g, "  ")).toBe(
      "r re-verify  c confirm the proposal  s supersede  a amend  n narrow  e $EDITOR  space skip  d whole diff  q quit",
    );
  });

  it("wraps text to lines of the width and ends a cut text with …", () => {
    expect(wrapText("one two three four", 9)).toEqual(["one two", "three", "four"]);
    const cut = wrapText("word ".repeat(50), 20, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1]!.endsWith("…")).toBe(true);
  });
});
