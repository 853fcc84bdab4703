import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { logEvents } from "../support/mcp.js";
import { CLI, makeRepo, type TestRepo, testEnv, waitFor } from "../support/repo.js";

const quote = (arg: string) => `'${arg.replace(/'/g, "'\\''")}'`;

/** The five questions, in the order the checkpoint asks them. */
const QUESTIONS = [
  "What must become true?",
  "Why now (the pain)?",
  "What did you reject, and why?",
  "What did you choose, and why?",
  "How will you check it worked?",
];

/**
 * The CLI on a real pseudo-terminal (util-linux `script`): stdin and stderr are TTYs, as for a
 * person at a terminal, who types each answer once its question shows.
 */
function onTerminal(repo: TestRepo, args: string[]) {
  const command = [process.execPath, CLI, ...args].map(quote).join(" ");
  const child = spawn("script", ["-qec", command, "/dev/null"], {
    cwd: repo.dir,
    env: testEnv({ TERM: "dumb" }),
  });
  let screen = "";
  child.stdout.on("data", (chunk) => {
    screen += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  return {
    screen: () => screen,
    /** waits until `text` shows, then types `keys` */
    async when(text: string, keys: string) {
      await waitFor(
        () => screen,
        (shown) => shown.includes(text),
      );
      child.stdin.write(keys);
    },
    exited,
  };
}

/** Answers the questions in turn (an empty string skips one) and waits for the exit. */
async function answerAll(repo: TestRepo, args: string[], answers: string[]) {
  const terminal = onTerminal(repo, args);
  for (const [i, answer] of answers.entries()) await terminal.when(QUESTIONS[i]!, `${answer}\r`);
  const code = await terminal.exited;
  return { code, stdout: terminal.screen() };
}

function openWorkline(repo: TestRepo, title = "Job locks"): string {
  return repo.adriftJson<{ id: string }>(["workline", "open", title]).id;
}

type Card = {
  card: Record<string, string>;
  considered: { approach: string; rejected_because: string }[];
};
const cards = (repo: TestRepo) =>
  logEvents(repo.dir).filter((e) => e.type === "intent_card_recorded");

describe("the checkpoint: closing or exporting a workline with no complete card asks for one", () => {
  it("asks for the five fields on a terminal and records the card in the workline before closing it", async () => {
    const repo = makeRepo();
    const workline = openWorkline(repo);
    const result = await answerAll(
      repo,
      ["workline", "close"],
      [
        "Cron jobs never run twice",
        "a double charge last Friday",
        "Redis lock :: another service to run",
        "pg advisory locks because no new service",
        "run two cron pods in staging",
      ],
    );
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toContain('Workline "Job locks" has no complete intent card');
    expect(result.stdout).toContain("What did you reject, and why?");
    expect(result.stdout).toMatch(/recorded.* intent card/);
    expect(result.stdout).toContain("closed");

    const [card] = cards(repo);
    expect(card).toMatchObject({ workline_id: workline, actor: { kind: "human" } });
    expect(card!.data as Card).toMatchObject({
      card: {
        outcome: "Cron jobs never run twice",
        trigger: "a double charge last Friday",
        chosen_approach: "pg advisory locks",
        selection_rationale: "no new service",
        validation_plan: "run two cron pods in staging",
      },
      considered: [{ approach: "Redis lock", rejected_because: "another service to run" }],
    });
    const types = logEvents(repo.dir).map((e) => e.type);
    expect(types.indexOf("intent_card_recorded")).toBeLessThan(types.indexOf("workline_closed"));
    // complete now: exporting it asks nothing
    const exported = await answerAll(repo, ["export", "--workline", workline], []);
    expect(exported.stdout).not.toContain("has no complete intent card");
    expect(exported.stdout).toContain("Cron jobs never run twice");
  });

  it("records nothing when every field is skipped, and closes the workline", async () => {
    const repo = makeRepo();
    openWorkline(repo);
    const result = await answerAll(repo, ["workline", "close"], ["", "", "", "", ""]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("nothing recorded");
    expect(cards(repo)).toEqual([]);
    expect(logEvents(repo.dir).map((e) => e.type)).toContain("workline_closed");
  });

  it("asks at export too, keeps what was answered (an incomplete card) and exports it", async () => {
    const repo = makeRepo();
    const workline = openWorkline(repo, "Faturas");
    repo.adriftJson(["intent", "record", "--outcome", "half a card"]);
    const result = await answerAll(
      repo,
      ["export", "--workline", workline],
      ["Faturas em reais", "", "", "", ""],
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/incomplete: .*trigger/i);
    expect(cards(repo)).toHaveLength(2);
    expect(result.stdout).toContain("# Workline: Faturas");
    expect(result.stdout).toContain("Faturas em reais");
  });

  it("cancels on Ctrl-C: nothing is written and the workline stays open", async () => {
    const repo = makeRepo();
    openWorkline(repo);
    const before = logEvents(repo.dir);
    const terminal = onTerminal(repo, ["workline", "close"]);
    await terminal.when(QUESTIONS[0]!, "Cron jobs never run twice\r");
    await terminal.when(QUESTIONS[1]!, "\u0003");
    expect(await terminal.exited).toBe(2);
    expect(terminal.screen()).toContain("cancelled at the checkpoint: nothing was written");
    expect(logEvents(repo.dir)).toEqual(before);
  });

  it("without a terminal, prints one line with the exact command, which records the card", () => {
    const repo = makeRepo();
    const workline = openWorkline(repo);
    const closed = repo.adrift(["workline", "close"]);
    expect(closed.code).toBe(0);
    const lines = closed.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    const command = lines[0]!.slice(lines[0]!.indexOf("adrift intent record"));
    expect(command).toBe(
      `adrift intent record --workline ${workline} --outcome "…" --trigger "…" --considered "… :: why not" --chosen "…" --rationale "…" --validation "…"`,
    );
    expect(cards(repo)).toEqual([]);
    const args = command
      .split(/ (?=--)/)
      .slice(1)
      .flatMap((part) => {
        const [flag, ...value] = part.split(" ");
        return [flag!, value.join(" ").replace(/^"|"$/g, "").replace("…", "x")];
      });
    expect(repo.adrift(["intent", "record", ...args]).code).toBe(0);
    expect(cards(repo)[0]).toMatchObject({ workline_id: workline });

    const json = repo.adriftJson<{ checkpoint?: { command: string } }>([
      "export",
      "--workline",
      workline,
    ]);
    expect(json.checkpoint).toBeUndefined();
  });

  it("with --json, asks nothing even on a terminal and gives the command in the document", async () => {
    const repo = makeRepo();
    const workline = openWorkline(repo);
    const result = await answerAll(repo, ["export", "--workline", workline, "--json"], []);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout.slice(result.stdout.indexOf("{"))) as {
      checkpoint: { command: string };
    };
    expect(json.checkpoint.command).toContain(`--workline ${workline}`);
    expect(result.stdout).not.toContain("What must become true?");
  });
});
