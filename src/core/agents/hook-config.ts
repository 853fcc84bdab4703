/**
 * The hook configuration each coding agent reads, and how adrift's entries are merged into it
 * and taken out again without touching anything else (docs/agents.md, "Hooks").
 */

/** The agents `adrift agent install` knows. */
export const AGENT_NAMES = ["claude", "codex", "cursor"] as const;
export type AgentName = (typeof AGENT_NAMES)[number];

/** adrift's own names for the moments it reacts to. */
export type HookEvent = "session-start" | "pre-edit" | "post-edit" | "prompt" | "stop";
export const HOOK_EVENTS: readonly HookEvent[] = [
  "session-start",
  "pre-edit",
  "post-edit",
  "prompt",
  "stop",
];

/** One entry: the agent's event name, an optional tool matcher, and adrift's event. */
type Wiring = { native: string; matcher?: string; event: HookEvent };

const CLAUDE_EDITS = "Edit|Write|MultiEdit";
const CODEX_EDITS = "apply_patch|Edit|Write";

/** Which agent event triggers which adrift event. */
export const WIRING: Record<AgentName, Wiring[]> = {
  claude: [
    { native: "SessionStart", event: "session-start" },
    { native: "PreToolUse", matcher: CLAUDE_EDITS, event: "pre-edit" },
    { native: "PostToolUse", matcher: CLAUDE_EDITS, event: "post-edit" },
    { native: "UserPromptSubmit", event: "prompt" },
    { native: "Stop", event: "stop" },
  ],
  codex: [
    { native: "SessionStart", matcher: "startup|resume", event: "session-start" },
    { native: "PreToolUse", matcher: CODEX_EDITS, event: "pre-edit" },
    { native: "PostToolUse", matcher: CODEX_EDITS, event: "post-edit" },
    { native: "UserPromptSubmit", event: "prompt" },
    { native: "Stop", event: "stop" },
  ],
  // Cursor has no hook before an edit that can add context: the governing decisions arrive
  // with the first afterFileEdit of a file instead.
  cursor: [
    { native: "sessionStart", event: "session-start" },
    { native: "afterFileEdit", event: "post-edit" },
    { native: "beforeSubmitPrompt", event: "prompt" },
    { native: "stop", event: "stop" },
  ],
};

/** The file each agent reads its project hooks from, relative to the repository root. */
export const AGENT_CONFIG_FILE: Record<AgentName, string> = {
  claude: ".claude/settings.json",
  codex: ".codex/hooks.json",
  cursor: ".cursor/hooks.json",
};

/** The variable under which `agent hook` only says it would run (doctor's probe), and what it says. */
export const AGENT_HOOK_PROBE = "ADRIFT_AGENT_HOOK_PROBE";
export const AGENT_HOOK_PROBE_REPLY = "adrift agent hook: ready";

/** How hooks start adrift when it is a dependency of the project: the package runner, by package name. */
export const PACKAGE_RUNNER = "npx --no-install git-adrift";

/** A word for a POSIX shell: as it is when it is plain, else single-quoted. */
export function shellQuote(value: string): string {
  return /^[A-Za-z0-9_/.:@%+=,-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The command line a hook runs; `program` is how adrift is started (`npx --no-install git-adrift`, absolute paths). */
export function hookCommand(program: string, agent: AgentName, event: HookEvent): string {
  return `${program} agent hook ${event} --agent ${agent}`;
}

const ADRIFT_COMMAND = / agent hook ([a-z-]+) --agent ([a-z]+)$/;

/** True for a command adrift wrote (whatever program prefix it was installed with). */
export function isAdriftHookCommand(command: unknown): boolean {
  return typeof command === "string" && ADRIFT_COMMAND.test(command);
}

/** True for a command adrift wrote for this agent and event, whatever its program. */
function isAdriftHookFor(command: unknown, agent: AgentName, event: HookEvent): boolean {
  const match = typeof command === "string" ? ADRIFT_COMMAND.exec(command) : null;
  return match?.[1] === event && match[2] === agent;
}

/** Every command of adrift's in the configuration, once each, in file order. */
export function adriftHookCommands(config: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (isObject(value))
      for (const [key, item] of Object.entries(value))
        if (key === "command" && isAdriftHookCommand(item)) found.add(item as string);
        else visit(item);
  };
  if (isObject(config)) visit(config.hooks);
  return [...found];
}

type Json = Record<string, unknown>;
type Group = { matcher?: string; hooks: Json[] };

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A deep copy that keeps key order, so untouched parts serialise as they were. */
function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * The configuration with adrift's hooks added. Existing keys and hooks stay as they are, in
 * their order; an entry adrift already wrote is not added twice, so installing twice gives
 * the same object, and one written with another program (an older install's bare `adrift`)
 * gets the new command where it stands. Throws a TypeError naming the key when the file's
 * shape is not the agent's.
 */
export function addAdriftHooks(agent: AgentName, config: unknown, program: string): Json {
  const result: Json = isObject(config) ? copy(config) : {};
  if (config !== undefined && !isObject(config))
    throw new TypeError("the file is not a JSON object");
  if (agent === "cursor" && result.version === undefined) result.version = 1;
  if (result.hooks !== undefined && !isObject(result.hooks))
    throw new TypeError('"hooks" is not an object');
  const hooks = (result.hooks ?? {}) as Json;
  result.hooks = hooks;
  for (const wiring of WIRING[agent]) {
    const command = hookCommand(program, agent, wiring.event);
    const list = hooks[wiring.native] ?? [];
    if (!Array.isArray(list)) throw new TypeError(`"hooks.${wiring.native}" is not an array`);
    hooks[wiring.native] = list;
    const entries: Json[] =
      agent === "cursor"
        ? list.filter(isObject)
        : list.flatMap((group) =>
            isObject(group) && Array.isArray(group.hooks) ? group.hooks.filter(isObject) : [],
          );
    const [ours, ...twice] = entries.filter((e) => isAdriftHookFor(e.command, agent, wiring.event));
    if (ours) {
      ours.command = command;
      // two installs with different programs left two entries: the hook would run twice
      if (twice.length) hooks[wiring.native] = withoutEntries(list, new Set(twice));
      continue;
    }
    if (agent === "cursor") {
      list.push({ command });
      continue;
    }
    const group: Group = {
      ...(wiring.matcher ? { matcher: wiring.matcher } : {}),
      hooks: [{ type: "command", command, timeout: 10 }],
    };
    list.push(group);
  }
  return result;
}

/** An event's list without these entries; matcher groups they leave empty go too. */
function withoutEntries(list: unknown[], gone: Set<Json>): unknown[] {
  return list.flatMap((item) => {
    if (gone.has(item as Json)) return [];
    if (!isObject(item) || !Array.isArray(item.hooks)) return [item];
    const kept = item.hooks.filter((hook) => !gone.has(hook as Json));
    if (kept.length === item.hooks.length) return [item];
    return kept.length ? [{ ...item, hooks: kept }] : [];
  });
}

/**
 * The configuration with every hook adrift wrote taken out; groups and event lists that held
 * only adrift's hooks go too, and an emptied `hooks` object (and Cursor's `version` when
 * nothing else is left) as well.
 */
export function removeAdriftHooks(agent: AgentName, config: unknown): Json {
  if (!isObject(config)) return {};
  const result = copy(config);
  if (!isObject(result.hooks)) return result;
  const hooks = result.hooks;
  for (const [name, list] of Object.entries(hooks)) {
    if (!Array.isArray(list)) continue;
    const kept =
      agent === "cursor"
        ? list.filter((entry) => !(isObject(entry) && isAdriftHookCommand(entry.command)))
        : list.flatMap((group) => {
            if (!isObject(group) || !Array.isArray(group.hooks)) return [group];
            const inner = group.hooks.filter(
              (hook) => !(isObject(hook) && isAdriftHookCommand(hook.command)),
            );
            if (inner.length === group.hooks.length) return [group];
            return inner.length === 0 ? [] : [{ ...group, hooks: inner }];
          });
    if (kept.length === 0) delete hooks[name];
    else hooks[name] = kept;
  }
  if (Object.keys(hooks).length === 0) delete result.hooks;
  if (agent === "cursor" && Object.keys(result).length === 1 && result.version === 1)
    delete result.version;
  return result;
}

/** True when the configuration runs every adrift hook for this agent. */
export function hasAdriftHooks(agent: AgentName, config: unknown): boolean {
  if (!isObject(config) || !isObject(config.hooks)) return false;
  const hooks = config.hooks;
  return WIRING[agent].every((wiring) => {
    const list = hooks[wiring.native];
    if (!Array.isArray(list)) return false;
    const matches = (command: unknown) =>
      isAdriftHookCommand(command) &&
      String(command).includes(` agent hook ${wiring.event} --agent ${agent}`);
    return agent === "cursor"
      ? list.some((entry) => isObject(entry) && matches(entry.command))
      : list.some(
          (group) =>
            isObject(group) &&
            Array.isArray(group.hooks) &&
            group.hooks.some((hook) => isObject(hook) && matches(hook.command)),
        );
  });
}
