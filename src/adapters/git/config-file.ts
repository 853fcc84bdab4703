/**
 * A remote's URL read from a git config file's text, without running git: `[remote "origin"]`
 * then `url = …` (the last one wins, as `git config --get` answers). `undefined` when the file
 * sets none; `"ask-git"` when the file includes others (`[include]`, `[includeIf …]`), turns on
 * per-worktree config, or uses the old `[remote.name]` section form: only git follows those.
 */
export function remoteUrlInConfig(text: string, remote: string): string | undefined | "ask-git" {
  let inRemote = false;
  let url: string | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith("[")) {
      const section = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
      const name = section?.[1]?.toLowerCase();
      if (name === "include" || name === "includeif") return "ask-git";
      // The old `[remote.origin]` form (its subsection lower-cased by git) is left to git too.
      if (name?.startsWith("remote.")) return "ask-git";
      inRemote = name === "remote" && section?.[2]?.replace(/\\(.)/g, "$1") === remote;
      if (!section) inRemote = false;
      continue;
    }
    // A per-worktree config file may set the URL: only git reads it.
    if (/^worktreeconfig\s*=/i.test(line)) return "ask-git";
    if (!inRemote) continue;
    const entry = /^url\s*=\s*(.*)$/i.exec(line);
    if (!entry) continue;
    url = unquote(entry[1]!);
  }
  return url;
}

/** A config value: quotes removed, `\"`, `\\`, `\t`, `\n` unescaped, an unquoted comment dropped. */
function unquote(value: string): string {
  let out = "";
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '"') quoted = !quoted;
    else if (c === "\\" && i + 1 < value.length) {
      const next = value[++i]!;
      out += next === "t" ? "\t" : next === "n" ? "\n" : next;
    } else if (!quoted && (c === "#" || c === ";")) break;
    else out += c;
  }
  return out.trim();
}
