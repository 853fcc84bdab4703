// The anchor rule as a property over real repositories: any sequence of edits outside a
// record's anchor (other functions, comments and blank lines anywhere, imports, new functions)
// never makes it stale; then any edit of a token inside the anchor always does.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openRepository } from "../../../src/app/repository.js";
import { propertyOptions } from "../../support/property.js";
import { makeRepo, testEnv } from "../../support/repo.js";

const FUNCTIONS = 3;

/** A file of small functions; `f0` is the anchored one. Each holds one literal and one operator. */
type Model = {
  literals: number[];
  operators: string[];
  comments: string[];
  blank: boolean[];
  imports: string[];
  extra: number;
};

const render = (m: Model): string =>
  [
    ...m.imports.map((i) => `import { ${i} } from "./${i}";`),
    "",
    ...Array.from({ length: FUNCTIONS }, (_, i) =>
      [
        `// ${m.comments[i]}`,
        `export function f${i}(x: number): number {`,
        ...(m.blank[i] ? [""] : []),
        `  // ${m.comments[i]} inside`,
        `  return x ${m.operators[i]} ${m.literals[i]};`,
        "}",
        "",
      ].join("\n"),
    ),
    ...Array.from({ length: m.extra }, (_, i) => `export const extra${i} = ${i};\n`),
  ].join("\n");

const word = fc.stringMatching(/^[a-z]{1,8}$/);

/** An edit that leaves f0's tokens as they were. */
const outside = fc.oneof(
  fc.record({
    kind: fc.constant("literal" as const),
    at: fc.integer({ min: 1, max: FUNCTIONS - 1 }),
    value: fc.nat(999),
  }),
  fc.record({
    kind: fc.constant("operator" as const),
    at: fc.integer({ min: 1, max: FUNCTIONS - 1 }),
    value: fc.constantFrom("+", "-", "*"),
  }),
  fc.record({ kind: fc.constant("comment" as const), at: fc.nat(FUNCTIONS - 1), value: word }),
  fc.record({ kind: fc.constant("blank" as const), at: fc.nat(FUNCTIONS - 1) }),
  fc.record({ kind: fc.constant("import" as const), value: word }),
  fc.record({ kind: fc.constant("extra" as const) }),
);

/** An edit of a token of f0. */
const inside = fc.oneof(
  fc.record({ kind: fc.constant("literal" as const), value: fc.nat(999) }),
  fc.record({ kind: fc.constant("operator" as const), value: fc.constantFrom("+", "-", "*") }),
);

type Outside = typeof outside extends fc.Arbitrary<infer T> ? T : never;

function applyOutside(m: Model, e: Outside): Model {
  const next = structuredClone(m);
  switch (e.kind) {
    case "literal":
      next.literals[e.at] = e.value;
      break;
    case "operator":
      next.operators[e.at] = e.value;
      break;
    case "comment":
      next.comments[e.at] = e.value;
      break;
    case "blank":
      next.blank[e.at] = !next.blank[e.at];
      break;
    case "import":
      next.imports.push(`i${e.value}`);
      break;
    case "extra":
      next.extra++;
  }
  return next;
}

describe("anchored staleness as a property", () => {
  it("edits outside the anchor never make it stale; a token edit inside always does", async () => {
    const env = testEnv();
    await fc.assert(
      fc.asyncProperty(
        fc.array(outside, { minLength: 1, maxLength: 4 }),
        inside,
        async (edits, change) => {
          const repo = makeRepo();
          let model: Model = {
            literals: [1, 2, 3],
            operators: ["+", "+", "+"],
            comments: ["a", "b", "c"],
            blank: [false, false, false],
            imports: [],
            extra: 0,
          };
          repo.commit("code", { "src/f.ts": render(model) });
          const api = await openRepository(repo.dir, { env });
          const { id } = await api.recordDecision({ outcome: "o", touched_paths: ["src/f.ts#f0"] });
          const stateNow = async () =>
            (await (await openRepository(repo.dir, { env })).stale()).findings.find(
              (f) => f.record_id === id,
            )!.state;
          for (const [n, e] of edits.entries()) {
            const next = applyOutside(model, e);
            if (render(next) === render(model)) continue;
            model = next;
            repo.commit(`outside ${n}`, { "src/f.ts": render(model) });
            expect(await stateNow()).not.toBe("stale");
          }
          const edited = structuredClone(model);
          if (change.kind === "literal")
            edited.literals[0] =
              change.value === edited.literals[0] ? change.value + 1 : change.value;
          else edited.operators[0] = change.value === edited.operators[0] ? "/" : change.value;
          repo.commit("inside", { "src/f.ts": render(edited) });
          expect(await stateNow()).toBe("stale");
        },
      ),
      propertyOptions({ numRuns: 12 }),
    );
  });
});
