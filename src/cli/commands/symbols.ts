import type { Command } from "commander";
import { quotePath, safeText } from "../../core/render/terminal.js";
import { action, common, examples, runDir } from "../common.js";
import { cliIo, emit, paint } from "../io.js";

/** `adrift symbols <file...>`: the names an anchor (`path#Name`) can take in each file. */
export function registerSymbols(program: Command): void {
  examples(
    common(program.command("symbols"), { as: false })
      .description(
        "list what an anchor can name in a file: functions, classes and their members, types, top-level declarations",
      )
      .argument(
        "<file...>",
        "files of the work tree (TypeScript, JavaScript, Python, Go, Java, Rust)",
      )
      .addHelpText(
        "after",
        "\nA scope entry `path#Name` ties a record to one symbol: it goes stale when that symbol's\ntokens change, not when something else in the file does. Names are qualified with dots\n(Outer.member); a name declared again later in the same scope is name#2. Files in other\nlanguages have no symbols: a scope there is the whole file.",
      ),
    "adrift symbols src/app.ts",
    "adrift symbols src/app.ts lib/util.py --json",
  ).action(
    action(async (files: string[], options) => {
      const { listFileSymbols } = await import("../../app/anchors/file-symbols.js");
      const listed = await listFileSymbols({
        cwd: runDir(options),
        env: cliIo().env,
        paths: files,
      });
      emit(options, { files: listed }, () =>
        listed
          .flatMap((file) =>
            file.language === null
              ? [
                  paint(
                    "dim",
                    `${quotePath(file.path)}: no symbols (not a language adrift parses): a scope there is the whole file`,
                  ),
                ]
              : file.symbols.length === 0
                ? [paint("dim", `${quotePath(file.path)}: no symbols found`)]
                : file.symbols.map(
                    (s) =>
                      `${safeText(s.anchor)}  ${paint("dim", `${s.kind}, lines ${s.startLine}–${s.endLine}`)}`,
                  ),
          )
          .join("\n"),
      );
      return 0;
    }),
  );
}
