import { describe, expect, it } from "vitest";
import { repoWithDecision, type TestRepo, testEnv } from "../support/repo.js";

const ADAPTERS = ["cli", "embedded"] as const;

type Listed = { records: { id: string; status: string }[] };
type Stale = {
  findings: { record_id: string; state: string; recorded: boolean }[];
  marked: string[];
};
type Doctor = {
  findings: { rule: string; subject?: string; message: string }[];
  git: { adapter: string };
};

describe.each(ADAPTERS)(
  "a stale mark left uncommitted on another branch (%s git adapter)",
  (adapter) => {
    const env = testEnv(adapter === "embedded" ? { ADRIFT_GIT: "embedded" } : {});
    const json = <T>(repo: TestRepo, args: string[]) => repo.adriftJson<T>(args, { env });
    const status = (repo: TestRepo, id: string) =>
      json<Listed>(repo, ["list"]).records.find((r) => r.id === id)?.status;
    const finding = (repo: TestRepo, id: string) =>
      json<Stale>(repo, ["stale"]).findings.find((f) => f.record_id === id);

    /** main holds the committed decision; `feature` edits its file and marks it, leaving the mark uncommitted. */
    function markedOnFeature() {
      const { repo, id } = repoWithDecision();
      repo.git("checkout", "-q", "-b", "feature");
      repo.commit("edit a on feature", { "src/a.ts": "a2\n" });
      expect(json<Stale>(repo, ["stale", "--record"]).marked).toEqual([id]);
      const file = repo
        .git("status", "--porcelain", "--", ".decisions")
        .trim()
        .replace(/^\?\? /, "");
      expect(file).toMatch(/\.events\.ndjson$/);
      return { repo, id, file };
    }

    it("does not make the record stale on a branch whose history never had that commit", () => {
      const { repo, id, file } = markedOnFeature();
      repo.git("checkout", "-q", "main");
      // The untracked file came along, mark and all.
      expect(repo.git("status", "--porcelain", "--", ".decisions").trim()).toBe(`?? ${file}`);
      expect(status(repo, id)).toBe("active");
      expect(finding(repo, id)).toMatchObject({ state: "fresh", recorded: false });
      expect(repo.adrift(["stale", "--check"], { env }).code).toBe(0);
      expect(json<{ record: { status: string } }>(repo, ["show", id]).record.status).toBe("active");
      const doctor = json<Doctor>(repo, ["doctor", "--ignore", "ADR-D004", "--ignore", "ADR-D002"]);
      expect(doctor.git.adapter).toBe(adapter);
      const setAside = doctor.findings.find((f) => f.rule === "ADR-D017");
      expect(setAside?.subject).toBe(file);
      expect(setAside?.message).toContain("written on feature");
    });

    it("applies again where its commit is history: back on the branch, and once merged", () => {
      const { repo, id, file } = markedOnFeature();
      repo.git("checkout", "-q", "main");
      expect(status(repo, id)).toBe("active");
      repo.git("checkout", "-q", "feature");
      expect(status(repo, id)).toBe("stale");
      // Recorded already: marking again writes nothing.
      expect(json<Stale>(repo, ["stale", "--record"]).marked).toEqual([]);
      expect(finding(repo, id)).toMatchObject({ state: "stale", recorded: true });
      repo.git("add", "--", file);
      repo.git("commit", "-q", "-m", "the mark");
      repo.git("checkout", "-q", "main");
      repo.git("merge", "-q", "--no-ff", "-m", "merge feature", "feature");
      expect(status(repo, id)).toBe("stale");
      expect(finding(repo, id)).toMatchObject({ state: "stale", recorded: true });
    });

    it("a committed mark applies whatever commits it names: the log is what every clone reads", () => {
      const { repo, id, file } = markedOnFeature();
      repo.git("add", "--", file);
      repo.git("commit", "-q", "-m", "the mark");
      // The commit the mark names is rewritten away: the committed mark still stands.
      repo.git("commit", "-q", "--amend", "-m", "the mark, amended");
      repo.git("rebase", "-q", "--onto", "main", "main");
      expect(status(repo, id)).toBe("stale");
    });
  },
);
