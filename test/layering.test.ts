import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The house rule: cli and mcp over app, app over adapters, adapters over core; no import runs
// back up, the shells reach the outside world only through app (never an adapter directly),
// and no module waits on itself through a loop of imports.
const SRC = path.resolve(import.meta.dirname, "../src");

type Edge = { from: string; to: string; dynamic: boolean };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith(".ts") ? [file] : [];
  });
}

function importsOf(file: string): Edge[] {
  const text = readFileSync(file, "utf8");
  const edges: Edge[] = [];
  const statement = /^\s*(?:import|export)\b[^;]*?\bfrom\s+"(\.{1,2}\/[^"]+)"/gm;
  const dynamic = /\bimport\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g;
  for (const [pattern, isDynamic] of [
    [statement, false],
    [dynamic, true],
  ] as const)
    for (const match of text.matchAll(pattern)) {
      const target = path.resolve(path.dirname(file), match[1]!.replace(/\.js$/, ".ts"));
      edges.push({ from: rel(file), to: rel(target), dynamic: isDynamic });
    }
  return edges;
}

const rel = (file: string) => path.relative(SRC, file).split(path.sep).join("/");
const layerOf = (file: string) => (file.includes("/") ? file.slice(0, file.indexOf("/")) : file);

/** What each layer may not import. */
const FORBIDDEN: Record<string, readonly string[]> = {
  core: ["adapters", "app", "cli", "mcp", "index.ts"],
  adapters: ["app", "cli", "mcp", "index.ts"],
  app: ["cli", "mcp", "index.ts"],
  cli: ["adapters"],
  mcp: ["cli", "adapters"],
};

/** The strongly connected groups of more than one module among static imports (Tarjan). */
function cycles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) if (!e.dynamic) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("the house's layers", () => {
  const edges = sourceFiles(SRC).flatMap(importsOf);

  it("reads the imports it checks (the check is not vacuous)", () => {
    expect(edges.some((e) => e.from.startsWith("app/") && e.to.startsWith("core/"))).toBe(true);
    expect(edges.some((e) => e.dynamic)).toBe(true);
  });

  it("no import runs back up: core, then adapters, then app, then the cli and mcp shells (over app only)", () => {
    const upward = edges
      .filter((e) => FORBIDDEN[layerOf(e.from)]?.includes(layerOf(e.to)))
      .map((e) => `${e.from} -> ${e.to}`);
    expect(upward).toEqual([]);
  });

  it("no module imports itself through a loop of static imports (type imports included)", () => {
    expect(cycles(edges)).toEqual([]);
  });

  it("finds a loop and an upward import when there is one", () => {
    const loop: Edge[] = [
      { from: "core/a.ts", to: "core/b.ts", dynamic: false },
      { from: "core/b.ts", to: "core/a.ts", dynamic: false },
    ];
    expect(cycles(loop)).toEqual([["core/a.ts", "core/b.ts"]]);
    expect(FORBIDDEN[layerOf("core/a.ts")]).toContain(layerOf("app/x.ts"));
    expect(FORBIDDEN[layerOf("cli/commands/stale.ts")]).toContain(layerOf("adapters/profile.ts"));
    expect(FORBIDDEN[layerOf("mcp/server.ts")]).toContain(layerOf("adapters/clock.ts"));
  });
});
