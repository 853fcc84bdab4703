import { assertWord, type CompletionNode, type ValueKind } from "./model.js";

/** The shells `adrift completion` writes a script for. */
export const SHELLS = ["bash", "zsh", "fish"] as const;
export type Shell = (typeof SHELLS)[number];

/** A value kind as the scripts read it: `words:a b`, `ids:story`, `refs`, `dirs`, `files`, ``. */
function spec(value: ValueKind | undefined): string {
  if (!value || value.kind === "none") return "";
  if (value.kind === "words") return `words:${value.words.map(assertWord).join(" ")}`;
  if (value.kind === "ids") return `ids:${value.of}`;
  return value.kind;
}

/** A single-quoted shell string (bash, zsh and fish read `'…'` alike for these texts). */
function quoted(text: string, shell: Shell): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return shell === "fish"
    ? `'${flat.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`
    : `'${flat.replace(/'/g, `'\\''`)}'`;
}

/** A command path checked word by word (the program itself is the empty path). */
const pathWords = (path: string) => (path ? path.split(" ").map(assertWord).join(" ") : "");

/** `case "$1" in "adr") echo …;; esac` over every node that has something to say. */
function caseTable(
  name: string,
  nodes: CompletionNode[],
  line: (node: CompletionNode) => string | undefined,
  shell: Shell,
): string {
  const arms = nodes.flatMap((node) => {
    const body = line(node);
    if (body === undefined || body === "") return [];
    return shell === "fish"
      ? [`    case ${quoted(pathWords(node.path), "fish")}\n      echo ${body}`]
      : [`    "${pathWords(node.path)}") echo ${body} ;;`];
  });
  return shell === "fish"
    ? `function ${name}\n  switch "$argv[1]"\n${arms.join("\n")}\n  end\nend`
    : `${name}() {\n  case "$1" in\n${arms.join("\n")}\n  esac\n}`;
}

/** `case "$1|$2" in "list|--status") echo …;;` for option values and positional arguments. */
function pairTable(
  name: string,
  pairs: [path: string, key: string, spec: string][],
  shell: Shell,
): string {
  const arms = pairs
    .filter(([, , s]) => s !== "")
    .map(([path, key, s]) =>
      shell === "fish"
        ? `    case ${quoted(`${pathWords(path)}|${assertWord(key)}`, "fish")}\n      echo ${quoted(s, "fish")}`
        : `    "${pathWords(path)}|${assertWord(key)}") echo ${quoted(s, shell)} ;;`,
    );
  return shell === "fish"
    ? `function ${name}\n  switch "$argv[1]|$argv[2]"\n${arms.join("\n")}\n  end\nend`
    : `${name}() {\n  case "$1|$2" in\n${arms.join("\n")}\n  esac\n}`;
}

/** The functions every script shares: the command tree as lookup tables. */
function tables(nodes: CompletionNode[], shell: Shell): string {
  const words = (list: string[]) => (list.length ? quoted(list.join(" "), shell) : undefined);
  const optionPairs = nodes.flatMap((n) =>
    n.options.flatMap((o) =>
      o.flags.map((f): [string, string, string] => [n.path, f, spec(o.value)]),
    ),
  );
  const argPairs = nodes.flatMap((n) =>
    n.args.map((a, i): [string, string, string] => [n.path, String(i), spec(a)]),
  );
  return [
    caseTable(
      "_adrift_subs",
      nodes,
      (n) => words(n.subcommands.map((s) => assertWord(s.name))),
      shell,
    ),
    caseTable(
      "_adrift_opts",
      nodes,
      (n) => words(n.options.flatMap((o) => o.flags.map(assertWord))),
      shell,
    ),
    caseTable(
      "_adrift_valued",
      nodes,
      (n) => words(n.options.filter((o) => o.value).flatMap((o) => o.flags)),
      shell,
    ),
    pairTable("_adrift_value", optionPairs, shell),
    pairTable("_adrift_arg", argPairs, shell),
  ].join("\n\n");
}

const BASH = `
# Walks the words before the cursor: the command path, the -C directory, the argument position.
# $1: where the command's own words start; the rest: how to run adrift (for ids).
_adrift_complete() {
  local start=$1 cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]}
  local at="" w i n=0 kind subs
  local -a cdir=() prog=("\${@:2}")
  for ((i = start; i < COMP_CWORD; i++)); do
    w=\${COMP_WORDS[i]}
    if [[ $w == -* ]]; then
      if [[ " $(_adrift_valued "$at") " == *" $w "* ]]; then
        ((i++))
        [[ $w == -C || $w == --cwd ]] && cdir=(-C "\${COMP_WORDS[i]}")
      fi
      continue
    fi
    if [[ " $(_adrift_subs "$at") " == *" $w "* ]]; then
      at=\${at:+$at }$w
      n=0
    else
      ((n++))
    fi
  done
  if ((COMP_CWORD > start)) && [[ $prev == -* && " $(_adrift_valued "$at") " == *" $prev "* ]]; then
    kind=$(_adrift_value "$at" "$prev")
  elif [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$(_adrift_opts "$at")" -- "$cur"))
    return
  else
    subs=$(_adrift_subs "$at")
    if [[ -n $subs ]]; then
      COMPREPLY=($(compgen -W "$subs" -- "$cur"))
      return
    fi
    kind=$(_adrift_arg "$at" "$n")
  fi
  case $kind in
    words:*) COMPREPLY=($(compgen -W "\${kind#words:}" -- "$cur")) ;;
    ids:*) COMPREPLY=($(compgen -W "$("\${prog[@]}" "\${cdir[@]}" completion ids --kind "\${kind#ids:}" 2>/dev/null)" -- "$cur")) ;;
    refs) COMPREPLY=($(compgen -W "HEAD $(git "\${cdir[@]}" for-each-ref --format='%(refname:short)' 2>/dev/null)" -- "$cur")) ;;
    dirs) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")) ;;
    files) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")) ;;
    *) COMPREPLY=() ;;
  esac
}

_adrift() { _adrift_complete 1 "\${COMP_WORDS[0]}"; }
# git's own completion calls _git_<command> for \`git adrift …\`
_git_adrift() { _adrift_complete 2 git adrift; }
complete -o bashdefault -o default -F _adrift adrift git-adrift
`;

const ZSH = `
# Walks the words before the cursor: the command path, the -C directory, the argument position.
# $1: where the command's own words start; the rest: how to run adrift (for ids).
_adrift_complete() {
  local start=$1 cur=$PREFIX at="" w i n=0 kind subs
  local -a cdir prog
  prog=("\${@[2,-1]}")
  for (( i = start; i < CURRENT; i++ )); do
    w=$words[i]
    if [[ $w == -* ]]; then
      if [[ " $(_adrift_valued "$at") " == *" $w "* ]]; then
        (( i++ ))
        [[ $w == -C || $w == --cwd ]] && cdir=(-C "$words[i]")
      fi
      continue
    fi
    if [[ " $(_adrift_subs "$at") " == *" $w "* ]]; then
      at=\${at:+$at }$w
      n=0
    else
      (( n++ ))
    fi
  done
  local prev=$words[CURRENT-1]
  if (( CURRENT > start )) && [[ $prev == -* && " $(_adrift_valued "$at") " == *" $prev "* ]]; then
    kind=$(_adrift_value "$at" "$prev")
  elif [[ $cur == -* ]]; then
    compadd -- \${=$(_adrift_opts "$at")}
    return
  else
    subs=$(_adrift_subs "$at")
    if [[ -n $subs ]]; then
      compadd -- \${=subs}
      return
    fi
    kind=$(_adrift_arg "$at" "$n")
  fi
  case $kind in
    words:*) compadd -- \${=kind#words:} ;;
    ids:*) compadd -- \${(f)"$($prog $cdir completion ids --kind \${kind#ids:} 2>/dev/null)"} ;;
    refs) compadd -- HEAD \${(f)"$(git $cdir for-each-ref --format='%(refname:short)' 2>/dev/null)"} ;;
    dirs) _files -/ ;;
    files) _files ;;
  esac
}

_adrift() { _adrift_complete 2 "$words[1]"; }
# zsh's git completion calls _git-<command> for \`git adrift …\` (its words start at adrift)
_git-adrift() { _adrift_complete 2 git adrift; }

if [[ $funcstack[1] == _adrift ]]; then
  _adrift "$@"
else
  compdef _adrift adrift git-adrift
fi
`;

const FISH = `
# The words before the cursor, as "path|argument position|-C directory".
function __adrift_state
  set -l words (commandline -opc)
  set -e words[1]
  set -l at ''
  set -l n 0
  set -l cdir ''
  set -l skip 0
  for w in $words
    if test $skip = 1
      set skip 0
      test "$cdir" = next; and set cdir $w
      continue
    end
    if string match -q -- '-*' $w
      if contains -- $w (string split ' ' -- (_adrift_valued "$at"))
        set skip 1
        if test "$w" = -C -o "$w" = --cwd
          set cdir next
        end
      end
      continue
    end
    if contains -- $w (string split ' ' -- (_adrift_subs "$at"))
      set at (string trim -- "$at $w")
      set n 0
    else
      set n (math $n + 1)
    end
  end
  test "$cdir" = next; and set cdir ''
  echo "$at|$n|$cdir"
end

function __adrift_complete
  set -l state (string split '|' -- (__adrift_state))
  set -l at $state[1]
  set -l cdir
  test -n "$state[3]"; and set cdir -C $state[3]
  set -l cur (commandline -ct)
  set -l prev (commandline -opc)[-1]
  set -l kind
  if string match -q -- '-*' $prev; and contains -- $prev (string split ' ' -- (_adrift_valued "$at"))
    set kind (_adrift_value "$at" $prev)
  else if string match -q -- '-*' $cur
    string split ' ' -- (_adrift_opts "$at")
    return
  else
    set -l subs (_adrift_subs "$at")
    if test -n "$subs"
      string split ' ' -- $subs
      return
    end
    set kind (_adrift_arg "$at" $state[2])
  end
  switch "$kind"
    case 'words:*'
      string split ' ' -- (string replace 'words:' '' -- $kind)
    case 'ids:*'
      set -l prog (commandline -opc)[1]
      $prog $cdir completion ids --kind (string replace 'ids:' '' -- $kind) 2>/dev/null
    case refs
      echo HEAD
      git $cdir for-each-ref --format='%(refname:short)' 2>/dev/null
    case dirs
      __fish_complete_directories $cur
    case files
      __fish_complete_path $cur
  end
end

complete -c adrift -e
complete -c git-adrift -e
complete -c adrift -f -a '(__adrift_complete)'
complete -c git-adrift -f -a '(__adrift_complete)'
`;

const HEADERS: Record<Shell, string> = {
  bash: `# adrift completion for bash. Load it from ~/.bashrc:
#   eval "$(adrift completion bash)"
# Completes adrift, git-adrift and (with git's bash completion) git adrift.`,
  zsh: `#compdef adrift git-adrift
# adrift completion for zsh. Put it on your fpath:
#   adrift completion zsh > "\${fpath[1]}/_adrift"
# or load it from ~/.zshrc after compinit:  source <(adrift completion zsh)`,
  fish: `# adrift completion for fish:
#   adrift completion fish > ~/.config/fish/completions/adrift.fish`,
};

/** The completion script for a shell, over the program's commands. */
export function completionScript(shell: Shell, nodes: CompletionNode[]): string {
  const body = shell === "bash" ? BASH : shell === "zsh" ? ZSH : FISH;
  return `${HEADERS[shell]}\n\n${tables(nodes, shell)}\n${body}`;
}
