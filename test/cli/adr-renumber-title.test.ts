import { describe, expect, it } from "vitest";
import { openRepository } from "../../src/app/repository.js";
import { makeRepo, type TestRepo, testEnv } from "../support/repo.js";

async function acceptOne(repo: TestRepo, outcome: string, tag: string, number: number) {
  const api = await openRepository(repo.dir, { env: testEnv() });
  const card = await api.recordIntent({
    outcome,
    trigger: "t",
    chosen_approach: "c",
    trivial: true,
    tags: [tag],
  });
  // one card shares nothing with another: it is drafted when asked for
  const drafts = repo.adriftJson<{ drafts: { path: string }[] }>([
    "adr",
    "draft",
    "--record",
    card.id,
  ]).drafts;
  return repo.adriftJson<{ path: string; number: number }>([
    "adr",
    "accept",
    drafts[0]!.path,
    "--number",
    String(number),
  ]);
}

describe.each(["cli", "embedded"])(
  "adr renumber keeps an ADR's title (%s git adapter)",
  (adapter) => {
    it('moves the later ADR 0002 to 0003 without turning its title "Main ADR 2" into "Main ADR 3"', async () => {
      const repo = makeRepo();
      repo.adrift(["init"]);
      repo.commit("init adrift");
      repo.git("checkout", "-q", "-b", "a");
      const a = await acceptOne(repo, "Side ADR 2", "side", 2);
      repo.commit("accept side");
      repo.git("checkout", "-q", "main");
      repo.git("checkout", "-q", "-b", "b");
      const b = await acceptOne(repo, "Main ADR 2", "main", 2);
      repo.commit("accept main");
      repo.git("checkout", "-q", "main");
      repo.git("merge", "-q", "--no-edit", "a");
      repo.git("merge", "-q", "--no-edit", "b");
      const before = repo.read(b.path);
      const result = repo.adriftJson<{ renumbered: { old_path: string; new_path: string }[] }>(
        ["adr", "renumber"],
        { env: testEnv({ ADRIFT_GIT: adapter }) },
      );
      expect(result.renumbered).toHaveLength(1);
      const moved = result.renumbered[0]!;
      const text = repo.read(moved.new_path);
      const titles = (t: string) => t.split("\n").filter((l) => /^(title:|# )/.test(l));
      expect(titles(text)).toEqual(titles(before));
    });
  },
);
