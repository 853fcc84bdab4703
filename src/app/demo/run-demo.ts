import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cleanGitEnv } from "../../adapters/git/env.js";
import { DEMO_STEPS, type DemoStep } from "./steps.js";

/** One step as it ran. */
export type DemoRun = {
  title: string;
  command: string;
  output: string;
  exit: number;
  expected: number;
};

const CLI = fileURLToPath(new URL("../../cli/main.js", import.meta.url));

/** A fixed, offline environment: no colour, a pinned identity and dates, no hook variables. */
function demoEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env = cleanGitEnv(base);
  for (const name of Object.keys(env))
    if (/^(CLAUDE|CODEX|CURSOR|GEMINI|AIDER|AI_AGENT$|AGENT$)/.test(name)) delete env[name];
  return {
    ...env,
    NO_COLOR: "1",
    GIT_AUTHOR_NAME: "Ana Souza",
    GIT_AUTHOR_EMAIL: "ana@example.com",
    GIT_COMMITTER_NAME: "Ana Souza",
    GIT_COMMITTER_EMAIL: "ana@example.com",
    GIT_CONFIG_NOSYSTEM: "1",
    HOME: env.HOME ?? tmpdir(),
  };
}

/** Quotes an argument the way a shell user would type it. */
function quote(arg: string): string {
  return /[\s"'$`\\|&;<>(){}*?]/.test(arg) ? `'${arg.replace(/'/g, "'\\''")}'` : arg;
}

function run(
  original: DemoStep,
  cwd: string,
  env: NodeJS.ProcessEnv,
  captured: Map<string, string>,
): DemoRun {
  const step = {
    ...original,
    argv: original.argv.map((a) => a.replace(/\{(\w+)\}/g, (m, name) => captured.get(name) ?? m)),
  };
  if (step.write) {
    for (const [file, content] of Object.entries(step.write)) {
      mkdirSync(path.dirname(path.join(cwd, file)), { recursive: true });
      writeFileSync(path.join(cwd, file), content);
    }
  }
  const [program, ...args] = step.argv;
  const isAdrift = program === "adrift";
  const child = spawnSync(
    isAdrift ? process.execPath : program!,
    isAdrift ? [CLI, ...args] : args,
    {
      cwd,
      env,
      encoding: "utf8",
      input: step.stdin ?? "",
    },
  );
  const output = `${child.stdout ?? ""}${child.stderr ?? ""}`.trimEnd();
  return {
    title: step.title,
    command: `${step.stdin ? `echo ${quote(step.stdin.trim())} | ` : ""}${step.argv.map(quote).join(" ")}`,
    output,
    exit: child.status ?? 1,
    expected: step.exit ?? 0,
  };
}

/**
 * Runs every demo step in a fresh repository and returns the transcript; `env` is the
 * environment it starts from (the steps get a fixed identity, no colour, no agent markers).
 */
export async function runDemo(options: { keep?: boolean; env?: NodeJS.ProcessEnv } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "adrift-demo-"));
  const env = demoEnv(options.env ?? process.env);
  const runs: DemoRun[] = [];
  const captured = new Map<string, string>();
  const started = Date.now();
  try {
    for (const step of DEMO_STEPS) {
      const result = run(step, dir, env, captured);
      const match = step.capture?.pattern.exec(result.output);
      if (step.capture && match) captured.set(step.capture.name, match[1] ?? match[0]);
      if (!step.quiet) runs.push(result);
      if (result.exit !== result.expected) {
        runs.push({
          ...result,
          title: `${result.title} — FAILED (exit ${result.exit}, expected ${result.expected})`,
        });
        break;
      }
    }
  } finally {
    if (!options.keep) rmSync(dir, { recursive: true, force: true });
  }
  const ok = runs.every((r) => r.exit === r.expected);
  const lines: string[] = [];
  for (const r of runs) {
    lines.push(`# ${r.title}`, `$ ${r.command}`);
    if (r.output) lines.push(r.output);
    lines.push("");
  }
  lines.push(
    ok ? `demo finished in ${((Date.now() - started) / 1000).toFixed(1)} s` : "demo failed",
  );
  if (options.keep) lines.push(`repository kept at ${dir}`);
  return { ok, steps: runs, transcript: lines.join("\n"), ...(options.keep ? { dir } : {}) };
}
