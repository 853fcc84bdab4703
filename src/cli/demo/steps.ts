/** One step of the demo: a command line, files to write first, the exit code it should give. */
export type DemoStep = {
  title: string;
  argv: string[];
  write?: Record<string, string>;
  stdin?: string;
  exit?: number;
  /** run but leave out of the transcript (set-up noise) */
  quiet?: boolean;
};

const AUTH = `export function login(user: string, password: string) {\n  return idp.verify(user, password);\n}\n`;

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
  { title: "commit the records", argv: ["git", "add", "-A"], quiet: true },
  {
    title: "commit the records",
    argv: ["git", "commit", "-q", "-m", "adrift: record why"],
    quiet: true,
  },
  {
    title: "A teammate changes the code the decision was based on",
    argv: ["git", "commit", "-q", "-am", "login: call the IdP with a 2 s timeout"],
    write: {
      "src/auth/login.ts": AUTH.replace(
        "verify(user, password)",
        "verify(user, password, { timeoutMs: 2000 })",
      ),
    },
  },
  {
    title: "adrift sees it: the decision is stale, and it names the commit",
    argv: ["adrift", "stale", "--check"],
    exit: 1,
  },
  {
    title:
      "Record it in the log (with `adrift hook install`, pre-commit does this in that very commit)",
    argv: ["adrift", "stale", "--record"],
  },
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
    argv: [
      "adrift",
      "adr",
      "accept",
      "docs/adr/drafts/users-stay-logged-in-when-the-idp-is-down.md",
    ],
  },
  { title: "The decision log", argv: ["adrift", "adr", "list"] },
  { title: "Every line of the log checks out", argv: ["adrift", "validate"] },
];
