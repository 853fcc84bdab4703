import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeRepo, testEnv } from "../support/repo.js";

describe.each(["cli", "embedded"])("the config as readers edit it, %s git adapter", (adapter) => {
  const env = testEnv({ ADRIFT_GIT: adapter });

  it("reads a .decisions/config.json that an editor saved with a byte-order mark and CRLF", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/auth/login.ts": "export const login = 1;\n" });
    repo.adrift(["init"], { env });
    const file = path.join(".decisions", "config.json");
    const config = JSON.parse(repo.read(file)) as Record<string, unknown>;
    // Notepad's "UTF-8 with BOM", and a setting changed: the report must follow it.
    repo.write(
      file,
      `\uFEFF${JSON.stringify({ ...config, coverage_depth: 1 }, null, 2).replace(/\n/g, "\r\n")}\r\n`,
    );
    expect(readFileSync(path.join(repo.dir, file))[0]).toBe(0xef);
    const stale = repo.adrift(["stale"], { env });
    expect(stale.stderr).toBe("");
    expect(stale.code).toBe(0);
    const report = repo.adriftJson<{ depth: number }>(["report", "correspondence"], { env });
    expect(report.depth).toBe(1);
    // Doctor finds the hooks missing (exit 1), but nothing wrong with the config.
    const doctor = JSON.parse(repo.adrift(["doctor", "--json"], { env }).stdout) as {
      findings: { rule: string }[];
    };
    expect(doctor.findings.map((f) => f.rule)).toEqual(["ADR-D004"]);
  });
});
