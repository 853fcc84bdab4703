import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, testEnv } from "../support/repo.js";

const AGENT = testEnv({ CODEX_THREAD_ID: "t-1" });

type Drafts = { drafts: { path: string; record_ids: string[] }[] };
type Accepted = { path: string; warnings: { code: string; ids?: string[] }[] };

describe("ADR drafts and acceptance mark what no person confirmed", () => {
  it("says in the draft and at acceptance which records an agent proposed and nobody confirmed", () => {
    const repo = makeRepo();
    const { id: proposed } = repo.adriftJson<{ id: string }>(
      [
        "intent",
        "record",
        "--outcome",
        "Retry webhooks 3 times",
        "--trigger",
        "lost events",
        "--chosen",
        "a queue",
        "--rationale",
        "r",
        "--trivial",
        "--tag",
        "hooks",
      ],
      { env: AGENT },
    );
    const { id: mine } = repo.adriftJson<{ id: string }>([
      "intent",
      "record",
      "--outcome",
      "Sign webhooks",
      "--trigger",
      "spoofing",
      "--chosen",
      "HMAC",
      "--rationale",
      "r",
      "--trivial",
      "--tag",
      "hooks",
    ]);
    const { drafts } = repo.adriftJson<Drafts>(["adr", "draft", "--by", "tag"]);
    const draft = drafts.find((d) => d.record_ids.includes(proposed))!;
    const text = readFileSync(path.join(repo.dir, draft.path), "utf8");
    const provenance = text.slice(text.indexOf("## Provenance"));
    const line = (id: string) => provenance.split("\n").find((l) => l.includes(id)) ?? "";
    expect(line(proposed)).toContain("codex");
    expect(line(proposed)).toContain("proposed by an agent, not confirmed by a person");
    expect(line(mine)).not.toContain("not confirmed");

    const accepted = repo.adriftJson<Accepted>(["adr", "accept", draft.path]);
    expect(accepted.warnings).toContainEqual(
      expect.objectContaining({ code: "unconfirmed_records", ids: [proposed] }),
    );
    expect(readFileSync(path.join(repo.dir, accepted.path), "utf8")).toContain(
      "not confirmed by a person",
    );
  });

  it("names who confirmed once a person did, and accepts without the warning", () => {
    const repo = makeRepo();
    const { id } = repo.adriftJson<{ id: string }>(
      [
        "intent",
        "record",
        "--outcome",
        "Retry webhooks",
        "--trigger",
        "lost events",
        "--chosen",
        "a queue",
        "--rationale",
        "r",
        "--trivial",
        "--tag",
        "hooks",
      ],
      { env: AGENT },
    );
    repo.adriftJson(["intent", "confirm", id]);
    const { drafts } = repo.adriftJson<Drafts>(["adr", "draft", "--record", id]);
    const text = readFileSync(path.join(repo.dir, drafts[0]!.path), "utf8");
    expect(text).not.toContain("not confirmed");
    expect(text).toContain("confirmed by Ana Souza");
    const accepted = repo.adriftJson<Accepted>(["adr", "accept", drafts[0]!.path]);
    expect(accepted.warnings.map((w) => w.code)).not.toContain("unconfirmed_records");
  });
});
