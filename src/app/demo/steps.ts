/** One step of the demo: a command line, files to write first, the exit code it should give. */
export type DemoStep = {
  title: string;
  argv: string[];
  write?: Record<string, string>;
  stdin?: string;
  exit?: number;
  /** run but leave out of the transcript (set-up noise) */
  quiet?: boolean;
  /** remember the first match of `pattern` in the output as `{name}` for later argv */
  capture?: { name: string; pattern: RegExp };
};

const LOGIN_CHANGED = `export function login(user: string, password: string) {\n  return idp.verify(user, password) ?? cache.get(user);\n}\n`;

const AUTH = `export function login(user: string, password: string) {\n  return idp.verify(user, password);\n}\n`;

const LOGIN_CACHED = `export function login(user: string, password: string) {\n  return cache.get(user) ?? idp.verify(user, password);\n}\n`;

/** The demo script: a small service, its decisions, and the code moving under them. */
export const DEMO_STEPS: DemoStep[] = [
  { title: "set up", argv: ["git", "init", "-q", "-b", "main"], quiet: true },
  { title: "set up", argv: ["git", "config", "user.email", "ana@example.com"], quiet: true },
  { title: "set up", argv: ["git", "config", "user.name", "Ana Souza"], quiet: true },
  { title: "set up", argv: ["git", "config", "commit.gpgsign", "false"], quiet: true },
  {
    title: "a small service",
    argv: ["git", "add", "."],
    write: {
      "src/auth/login.ts": AUTH,
      "src/billing/invoice.ts": "export const VAT = 0.2;\n",
      "README.md": "# shop\n",
    },
    quiet: true,
  },
  {
    title: "first commit",
    argv: ["git", "commit", "-q", "-m", "shop: login and invoices"],
    quiet: true,
  },
  { title: "Set adrift up in the repository", argv: ["adrift", "init"] },
  {
    title: "Open a workline for the work at hand",
    argv: ["adrift", "workline", "open", "Survive IdP outages", "--tag", "auth"],
  },
  {
    title: "Record why: an intent card with the options that were rejected",
    argv: [
      "adrift",
      "intent",
      "record",
      "--outcome",
      "Users stay logged in when the IdP is down",
      "--trigger",
      "Okta outage on 2026-11-12 locked everyone out for 2 hours",
      "--chosen",
      "cache verified sessions for 24 h",
      "--rationale",
      "no new infrastructure; covers outages up to a day",
      "--considered",
      "second IdP :: doubles the contract cost",
      "--considered",
      "longer JWT expiry :: cannot revoke stolen tokens",
      "--validation",
      "kill the IdP in staging; logins keep working",
      "--path",
      "src/auth/",
    ],
  },
  {
    title: "An incomplete card is saved, and says what it lacks",
    argv: [
      "adrift",
      "intent",
      "record",
      "--outcome",
      "Faturas em reais com arredondamento bancário",
      "--chosen",
      "Decimal.js",
    ],
  },
  {
    title: "Record the decision, based on the code as it is now",
    argv: [
      "adrift",
      "decision",
      "record",
      "--outcome",
      "Login checks the session cache before calling the IdP",
      "--trigger",
      "IdP outages lock users out",
      "--chosen",
      "in-process Map cache",
      "--rationale",
      "one instance today; Redis when we scale out",
      "--considered",
      "Redis :: one more service to run for one instance",
      "--finding",
      "p99 IdP latency is 800 ms, so the cache also speeds logins up",
      "--path",
      "src/auth/login.ts",
    ],
  },
  {
    title: "Give Claude Code the decisions as it works (Codex and Cursor too)",
    argv: ["adrift", "agent", "install", "claude"],
  },
  {
    title: "Before the agent edits login.ts, its hook hands it the decisions that govern the file",
    argv: ["adrift", "agent", "hook", "pre-edit", "--agent", "claude"],
    stdin: `{"session_id":"demo","tool_name":"Edit","tool_input":{"file_path":"src/auth/login.ts"}}\n`,
  },
  {
    title: "Install the git hooks: from now on a commit marks the decisions it makes stale",
    argv: ["adrift", "hook", "install"],
  },
  {
    title:
      "Do the work on the workline: its commits carry its trailer and never make its own records stale",
    argv: ["git", "commit", "-q", "-am", "login: check the session cache first"],
    write: { "src/auth/login.ts": LOGIN_CACHED },
  },
  {
    title: "adrift says which commits it did not count, and why",
    argv: ["adrift", "stale"],
  },
  {
    title: "Park the workline when the work is done: from now on commits count against its records",
    argv: ["adrift", "workline", "park"],
  },
  { title: "a branch", argv: ["git", "switch", "-q", "-c", "login-first"], quiet: true },
  {
    title: "Someone changes login.ts: the pre-commit hook marks the decision stale in that commit",
    argv: ["git", "commit", "-q", "-am", "login: ask the IdP before the cache"],
    write: { "src/auth/login.ts": LOGIN_CHANGED },
  },
  { title: "What moved under which decision, and in which commit", argv: ["adrift", "stale"] },
  {
    title: "The agent is told at its next prompt: was → now",
    argv: ["adrift", "agent", "hook", "prompt", "--agent", "claude"],
    stdin: `{"session_id":"demo","prompt":"carry on"}\n`,
  },
  {
    title: "The pull request's comment: what the branch makes stale, what no decision covers",
    argv: ["adrift", "pr-comment", "--base", "main"],
  },
  { title: "The one-liner an agent gets at the start of a session", argv: ["adrift", "context"] },
  { title: "List what the log knows", argv: ["adrift", "list"] },
  {
    title: "Only the incomplete ones, with the reasons",
    argv: ["adrift", "list", "--status", "incomplete"],
  },
  {
    title: "Cluster the records into an ADR draft (one workline, one draft)",
    argv: ["adrift", "adr", "draft"],
  },
  {
    title: "A reviewer accepts it: the number is given now, never at drafting",
    argv: ["adrift", "adr", "accept", "docs/adr/drafts/survive-idp-outages.md"],
  },
  { title: "The decision log", argv: ["adrift", "adr", "list"] },
  {
    title: "An open question for the person who owns the session, with a suggestion",
    argv: [
      "adrift",
      "question",
      "ask",
      "Should the session cache survive a restart?",
      "--suggest",
      "No: memory only, a restart is a fresh login",
    ],
    capture: { name: "question", pattern: /\b(0[0-7][0-9A-HJKMNP-TV-Z]{24})\b/ },
  },
  {
    title: "She answers it; the answer is recorded as a decision",
    argv: ["adrift", "question", "answer", "{question}", "--accept-suggestion"],
  },
  { title: "Every line of the log checks out", argv: ["adrift", "validate"] },
  {
    title: "When the agent stops, it is asked to record what it decided and what it left open",
    argv: ["adrift", "agent", "hook", "stop", "--agent", "claude"],
    stdin: `{"session_id":"demo","stop_hook_active":false}\n`,
  },
];
