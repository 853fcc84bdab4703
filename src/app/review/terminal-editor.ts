import { editText } from "../../adapters/editor.js";

/**
 * The person's editor on a terminal whose input is in raw mode: the editor gets the terminal as
 * it expects it (cooked, not read by us) and raw mode comes back after.
 */
export function terminalEditor(
  input: NodeJS.ReadStream,
  env: NodeJS.ProcessEnv,
): (text: string) => Promise<string> {
  return async (text) => {
    const raw = input.isRaw;
    input.setRawMode?.(false);
    input.pause();
    try {
      return editText(text, env);
    } finally {
      input.setRawMode?.(raw);
      input.resume();
    }
  };
}
