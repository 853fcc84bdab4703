import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { COMMAND_MODULES, createProgram } from "../../src/cli/program.js";

/** A command's full definition as commander prints it, with its subcommands'. */
function definition(command: Command): string[] {
  return [command.helpInformation(), ...command.commands.flatMap(definition)];
}

describe("the program", () => {
  it("registers only the module of the command asked for, defining it as the whole program does", async () => {
    const all = await createProgram();
    expect(all.commands.map((c) => c.name())).toEqual(COMMAND_MODULES.flat());
    for (const names of COMMAND_MODULES)
      for (const name of names) {
        const one = await createProgram(name);
        expect(one.commands.map((c) => c.name())).toEqual(names);
        const full = all.commands.find((c) => c.name() === name)!;
        expect(definition(one.commands.find((c) => c.name() === name)!)).toEqual(definition(full));
      }
  });

  it("registers every command for help, the version and unknown words", async () => {
    for (const first of [undefined, "--help", "-V", "frobnicate"])
      expect((await createProgram(first)).commands).toHaveLength(COMMAND_MODULES.flat().length);
  });
});
