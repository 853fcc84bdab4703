#!/usr/bin/env node
import { CommanderError } from "commander";
import { exitState } from "./common.js";
import { createProgram } from "./program.js";

// Only the command asked for is loaded (the whole program for help, version or a typo).
const program = await createProgram(process.argv[2]);
try {
  await program.parseAsync(process.argv);
  process.exitCode = exitState.code;
} catch (error) {
  // Usage errors were already printed by commander; help and version exit 0.
  process.exitCode = error instanceof CommanderError ? (error.exitCode === 0 ? 0 : 2) : 2;
}
