import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { createProgram } from "../../src/cli/program.js";

/** A command's full definition as commander prints it, with its subcommands'. */
function definition(command: Command): string[] {
  return [command.helpInformation(), ...command.commands.flatMap(definition)];
}

describe("the program", () => {
  it("registers a command alone, defined as the whole program defines it", async () => {
    const all = await createProgram();
    for (const full of all.commands) {
      const one = await createProgram(full.name());
      expect(one.commands.length, full.name()).toBeLessThan(all.commands.length);
      const own = one.commands.find((c) => c.name() === full.name())!;
      expect(definition(own)).toEqual(definition(full));
    }
  });

  it("shows at most one block of examples in any command's help", async () => {
    const blocks = (command: Command): [string, number][] => {
      let text = "";
      command.configureOutput({
        writeOut: (s) => {
          text += s;
        },
      });
      command.outputHelp();
      const own: [string, number] = [command.name(), (text.match(/^Examples?:$/gm) ?? []).length];
      return [own, ...command.commands.flatMap(blocks)];
    };
    const repeated = blocks(await createProgram()).filter(([, count]) => count > 1);
    expect(repeated).toEqual([]);
  });

  it("registers every command for help, the version and unknown words", async () => {
    const count = (await createProgram()).commands.length;
    for (const first of [undefined, "--help", "-V", "frobnicate"])
      expect((await createProgram(first)).commands).toHaveLength(count);
  });
});
