import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { makeSiteRepo, type SiteRepo } from "../support/site-repo.js";

let site: SiteRepo;
let out: string;
beforeAll(() => {
  site = makeSiteRepo();
  out = path.join(site.repo.dir, ".adrift/site");
});

describe("site build", () => {
  it("builds a page per record and ADR plus the list pages, and says so in --json", () => {
    const result = site.repo.adriftJson<{
      pages: number;
      written: number;
      records: number;
      adrs: number;
      stale: number;
      out: string;
    }>(["site", "build"]);
    expect(result.out).toBe(out);
    expect(result.records).toBe(14);
    expect(result.adrs).toBe(2);
    expect(result.stale).toBe(6); // four decisions and the two cards on their files
    expect(result.written).toBe(result.pages);
    for (const page of [
      "index.html",
      "records.html",
      "adrs.html",
      "graph.html",
      "code.html",
      "questions.html",
      "backlog.html",
      "search.html",
    ])
      expect(existsSync(path.join(out, page))).toBe(true);
    expect(existsSync(path.join(out, `records/${site.parser}.html`))).toBe(true);
    expect(readdirSync(path.join(out, "adrs"))).toHaveLength(2);
  });
});
