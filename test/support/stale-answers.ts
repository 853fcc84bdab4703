// What each command says is stale, per record: `stale`, its gates, `list --status stale`,
// `context` and `pr-comment`, asked of one repository as it stands. They must agree.
import { expect } from "vitest";
import { runCli, type TestRepo } from "./repo.js";

type Finding = { record_id: string; state: string; recorded: boolean; computed_state?: string };

/** Every command's answer: the stale record ids (sorted) each gives, and the gates' exit codes. */
export type StaleAnswers = {
  /** `stale --json`: findings in state stale */
  stale: string[];
  /** of those, the ones not yet marked in the log */
  unrecorded: string[];
  /** `stale --check` */
  check: number;
  /** `stale --fail-on stale` */
  failOn: number;
  /** `list --status stale --json` */
  list: string[];
  /** `context --json`: the one-liner's stale records */
  context: string[];
  /** `pr-comment --base <root> --json`: made stale, already stale and unattributed */
  pr: string[];
};

const sorted = (ids: Iterable<string>) => [...new Set(ids)].sort();

function json<T>(repo: TestRepo, args: string[], env: NodeJS.ProcessEnv): T {
  const result = runCli(repo.dir, [...args, "--json"], { env });
  if (result.code !== 0 && result.code !== 1)
    throw new Error(`adrift ${args.join(" ")} exited ${result.code}: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

/** Asks every command; `base` is the pull request's base for `pr-comment` (default: the root commit). */
export function staleAnswers(
  repo: TestRepo,
  env: NodeJS.ProcessEnv,
  base = repo.git("rev-list", "--max-parents=0", "HEAD").trim().split("\n")[0]!,
): StaleAnswers {
  const report = json<{ findings: Finding[] }>(repo, ["stale"], env);
  const stale = report.findings.filter((f) => f.state === "stale");
  const list = json<{ records: { id: string }[] }>(repo, ["list", "--status", "stale"], env);
  const context = json<{ stale: { id: string }[] }>(repo, ["context"], env);
  type Item = { id: string };
  const pr = json<{ stale: Item[]; already_stale: Item[]; unattributed?: Item[] }>(
    repo,
    ["pr-comment", "--base", base],
    env,
  );
  return {
    stale: sorted(stale.map((f) => f.record_id)),
    unrecorded: sorted(stale.filter((f) => !f.recorded).map((f) => f.record_id)),
    check: runCli(repo.dir, ["stale", "--check"], { env }).code,
    failOn: runCli(repo.dir, ["stale", "--fail-on", "stale"], { env }).code,
    list: sorted(list.records.map((r) => r.id)),
    context: sorted(context.stale.map((r) => r.id)),
    pr: sorted([...pr.stale, ...pr.already_stale, ...(pr.unattributed ?? [])].map((r) => r.id)),
  };
}

/** Every command gives the answer `stale --json` gives; returns the stale ids. */
export function expectAgreement(answers: StaleAnswers): string[] {
  const { stale } = answers;
  expect({
    list: answers.list,
    context: answers.context,
    pr: answers.pr,
    failOn: answers.failOn,
    check: answers.check,
  }).toEqual({
    list: stale,
    context: stale,
    pr: stale,
    failOn: stale.length > 0 ? 1 : 0,
    check: answers.unrecorded.length > 0 ? 1 : 0,
  });
  return stale;
}
