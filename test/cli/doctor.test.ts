import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hookScript } from "../../src/app/hooks/script.js";
import { ALL_DOCTOR_RULES } from "../../src/core/doctor/rules.js";
import { HOOK_NAMES } from "../../src/core/hook-names.js";
import { git, makeRepo, runCli, type TestRepo, tempDir } from "../support/repo.js";

const HOOKS = HOOK_NAMES;

/** Hooks as `adrift hook install` leaves them (the delimited block), after `before` lines. */
function installHooks(root: string, dir = ".git/hooks", before = "") {
  mkdirSync(path.join(root, dir), { recursive: true });
  for (const name of HOOKS) {
    const file = path.join(root, dir, name);
    const block = hookScript(name, "/usr/bin/node", "/opt/adrift/main.js").replace(/^#!.*\n/, "");
    writeFileSync(file, `#!/bin/sh\n${before}${block}`);
    chmodSync(file, 0o755);
  }
}

type Report = {
  ok: boolean;
  blind: boolean;
  findings: { rule: string; severity: string; message: string; fix: string; subject?: string }[];
};

function doctor(repo: TestRepo | string, args: string[] = []) {
  const dir = typeof repo === "string" ? repo : repo.dir;
  const result = runCli(dir, ["doctor", "--json", ...args]);
  return {
    code: result.code,
    report: JSON.parse(result.stdout || "{}") as Report,
    stderr: result.stderr,
  };
}

const rules = (report: Report) => report.findings.map((f) => f.rule);
const logName = (repo: TestRepo) =>
  readdirSync(path.join(repo.dir, ".decisions/log")).find((f) => f.endsWith(".events.ndjson"))!;

function healthyRepo(): TestRepo {
  const repo = makeRepo();
  repo.commit("code", { "src/auth/login.ts": "x\n", "src/billing/vat.ts": "y\n" });
  repo.adrift(["init"]);
  repo.adriftJson([
    "decision",
    "record",
    "--outcome",
    "cache first",
    "--trivial",
    "--path",
    "src/auth/login.ts",
  ]);
  repo.commit("adrift");
  installHooks(repo.dir);
  return repo;
}

describe("adrift doctor", () => {
  it("passes a healthy repository with exit 0", () => {
    const repo = healthyRepo();
    const { code, report } = doctor(repo);
    expect(report.findings).toEqual([]);
    expect(report.ok).toBe(true);
    expect(code).toBe(0);
    expect(repo.git("status", "--porcelain")).toBe("");
  });

  it("finds missing hooks (ADR-D004) with the fix, exit 1; --ignore lets it pass", () => {
    const repo = makeRepo();
    repo.adrift(["init"]);
    repo.commit("adrift");
    const { code, report } = doctor(repo);
    expect(rules(report)).toEqual(["ADR-D004"]);
    expect(report.findings[0]!.fix).toBe("adrift hook install");
    expect(code).toBe(1);
    expect(doctor(repo, ["--ignore", "ADR-D004"]).code).toBe(0);
    expect(doctor(repo, ["--ignore", "hooks-missing"]).code).toBe(0);
  });

  it("honours core.hooksPath (husky, lefthook)", () => {
    const repo = healthyRepo();
    repo.git("config", "core.hooksPath", ".husky");
    expect(rules(doctor(repo).report)).toEqual(["ADR-D004"]);
    installHooks(repo.dir, ".husky");
    expect(doctor(repo).code).toBe(0);
  });

  it("finds hooks that git skips or that end before adrift's block", () => {
    const repo = healthyRepo();
    installHooks(repo.dir, ".git/hooks", "npx lint-staged\nexit 0\n");
    chmodSync(path.join(repo.dir, ".git/hooks/post-merge"), 0o644);
    repo.write(".git/hooks/post-checkout", "#!/bin/sh\necho mine\n");
    chmodSync(path.join(repo.dir, ".git/hooks/post-checkout"), 0o755);
    const { code, report } = doctor(repo);
    expect(new Set(rules(report))).toEqual(new Set(["ADR-D005", "ADR-D006", "ADR-D007"]));
    expect(report.findings.find((f) => f.rule === "ADR-D006")!.subject).toBe("post-merge");
    expect(code).toBe(1);
  });

  it("finds a hook block written by an older adrift (ADR-D016, a warning) until hook install", () => {
    const repo = healthyRepo();
    const file = path.join(repo.dir, ".git/hooks/pre-commit");
    // Before hooks passed git's process id, the block ran adrift without it (and had no digest).
    const older = readFileSync(file, "utf8")
      .replaceAll("ADRIFT_GIT_PID=$PPID ", "")
      .replace(/^# adrift-digest: .*\n/m, "");
    writeFileSync(file, older);
    const { code, report } = doctor(repo);
    expect(rules(report)).toEqual(["ADR-D016"]);
    expect(report.findings[0]).toMatchObject({ severity: "warning", fix: "adrift hook install" });
    expect(report.findings[0]!.message).toContain("pre-commit");
    expect(code).toBe(0);
    expect(repo.adrift(["hook", "install"]).code).toBe(0);
    expect(doctor(repo).report.findings).toEqual([]);
  });

  it("says what a shallow clone can and cannot tell (ADR-D011), exit 1", () => {
    const origin = healthyRepo();
    origin.commit("more", { "src/auth/login.ts": "z\n" });
    origin.commit("even more", { "README.md": "# more\n" });
    const clone = tempDir();
    git(tempDir(), ["clone", "-q", "--depth", "1", `file://${origin.dir}`, clone]);
    installHooks(clone);
    const { code, report } = doctor(clone, ["--ignore", "ADR-D004"]);
    const shallow = report.findings.find((f) => f.rule === "ADR-D011")!;
    expect(shallow).toBeDefined();
    expect(shallow.fix).toBe("git fetch --unshallow");
    expect(JSON.stringify(shallow)).toMatch(/Fingerprints alone can tell/);
    expect(code).toBe(1);
  });

  it("names a record whose basis only a rebased branch had (ADR-D011), and its fix clears it", () => {
    const origin = healthyRepo();
    // A decision recorded on a branch, then brought to main without the branch's commit (as a
    // rebase or a squash would): its basis is a commit that main's history does not hold.
    origin.git("checkout", "-q", "-b", "feature");
    origin.commit("feature work", { "src/billing/vat.ts": "y2\n" });
    const { id } = origin.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      "vat rounds per line",
      "--trivial",
      "--path",
      "src/billing/vat.ts",
    ]);
    origin.commit("record on feature");
    origin.git("checkout", "-q", "main");
    origin.git("checkout", "feature", "--", ".decisions", "src/billing/vat.ts");
    origin.commit("squashed feature");
    // A clone of main alone (a local clone would share every object of the origin).
    const clone = tempDir();
    git(tempDir(), [
      "clone",
      "-q",
      "--no-local",
      "--single-branch",
      "--branch",
      "main",
      origin.dir,
      clone,
    ]);
    installHooks(clone);
    const { code, report } = doctor(clone, ["--ignore", "ADR-D004"]);
    const rewritten = report.findings.find((f) => f.rule === "ADR-D011")!;
    expect(rewritten.message).toContain("history was rewritten");
    expect(rewritten.message).toContain(`1 record(s) are not here (${id})`);
    expect(rewritten.subject).toBe(id);
    expect(rewritten.fix).toContain(`adrift decision reverify ${id} --note`);
    expect(code).toBe(1);
    const fix = runCli(clone, [
      "decision",
      "reverify",
      id,
      "--note",
      "vat.ts still rounds per line",
    ]);
    expect(fix.code).toBe(0);
    expect(rules(doctor(clone, ["--ignore", "ADR-D004"]).report)).not.toContain("ADR-D011");
  });

  it("finds a scope matching no file (ADR-D012, exit 1) and one matching most files (ADR-D013, a warning)", () => {
    const repo = healthyRepo();
    const files = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`src/gen/f${i}.ts`, `${i}\n`]),
    );
    repo.commit("generated", files);
    const nothing = repo.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      "gone",
      "--trivial",
      "--path",
      "src/removed/",
    ]);
    repo.adriftJson([
      "decision",
      "record",
      "--outcome",
      "everything",
      "--trivial",
      "--path",
      "src/**",
    ]);
    repo.commit("records");
    const { code, report } = doctor(repo);
    expect(rules(report)).toEqual(["ADR-D012", "ADR-D013"]);
    expect(report.findings[0]!.subject).toBe(nothing.id);
    expect(code).toBe(1);
    expect(doctor(repo, ["--ignore", "ADR-D012"]).code).toBe(0);
  });

  it("finds duplicate ADR numbers (ADR-D014), exit 1", () => {
    const repo = healthyRepo();
    repo.commit("adrs", {
      "docs/adr/0001-use-postgres.md": "# Use Postgres\n",
      "docs/adr/0002-cache-sessions.md": "# Cache sessions\n",
      "docs/adr/0002-rest-not-grpc.md": "# REST\n",
    });
    const { code, report } = doctor(repo);
    expect(rules(report)).toEqual(["ADR-D014"]);
    expect(report.findings[0]!.subject).toBe("0002");
    expect(report.findings[0]!.fix).toBe("adrift adr renumber");
    expect(code).toBe(1);
  });

  it("reads ADR numbers as validate does: log4brains' dated names are no numbers, templates no ADRs", () => {
    const repo = healthyRepo();
    repo.commit("adrs", {
      // log4brains names its files yyyymmdd-slug.md: two ADRs of one day share no number.
      "docs/adr/20200925-use-lerna.md": "# Use Lerna\n\n- Status: accepted\n",
      "docs/adr/20200925-use-prettier.md": "# Use Prettier\n\n- Status: accepted\n",
      "docs/adr/0000-adr-template.md": "# {short title}\n",
      "docs/adr/0000-use-markdown-adrs.md": "# Use Markdown ADRs\n",
    });
    expect(runCli(repo.dir, ["validate"]).code).toBe(0);
    const { code, report } = doctor(repo);
    expect(rules(report)).toEqual([]);
    expect(code).toBe(0);
    // One number written two ways is still one number.
    repo.commit("more", {
      "docs/adr/007-a.md": "# A\n",
      "docs/adr/0007-b.md": "# B\n",
    });
    const again = doctor(repo);
    expect(rules(again.report)).toEqual(["ADR-D014"]);
    expect(again.report.findings[0]!.subject).toBe("0007");
    expect(again.report.findings[0]!.message).toContain("docs/adr/0007-b.md and docs/adr/007-a.md");
  });

  it("after a commit that marked a record through the real hooks: nothing damaged (the pending-marks note is emptied, not broken)", () => {
    const repo = makeRepo();
    repo.commit("code", { "src/auth/login.ts": "x\n" });
    repo.adrift(["init"]);
    repo.adriftJson(
      ["decision", "record", "--outcome", "cache first", "--trivial"].concat([
        "--path",
        "src/auth/login.ts",
      ]),
    );
    repo.commit("adrift");
    expect(repo.adrift(["hook", "install"]).code).toBe(0);
    repo.commit("login: IdP first", { "src/auth/login.ts": "idp first\n" });
    // the pre-commit marked the record in this commit, and the post-commit emptied its note
    expect(repo.git("show", "--stat", "HEAD")).toContain(".decisions/log/");
    expect(readFileSync(path.join(repo.dir, ".git/adrift/pending-marks.json"), "utf8")).toBe("");
    const { report } = doctor(repo);
    expect(rules(report)).not.toContain("ADR-D010");
  });

  it("finds a broken config, a broken log line, a damaged cache and a missing .gitattributes rule", () => {
    const repo = healthyRepo();
    repo.write(".decisions/config.json", '{"log_dir": 42}');
    repo.write(".decisions/log/zz.events.ndjson", "{not json\n");
    repo.write(".git/adrift/state.json", "{");
    repo.write(".gitattributes", "*.png binary\n");
    const { code, report } = doctor(repo);
    expect(rules(report)).toEqual(["ADR-D002", "ADR-D003", "ADR-D008", "ADR-D010"]);
    expect(code).toBe(1);
  });

  it("a line from a newer adrift: the log is unreadable (ADR-D008 naming file:line), scopes unchecked", () => {
    const repo = healthyRepo();
    repo.adriftJson([
      "decision",
      "record",
      "--outcome",
      "gone",
      "--trivial",
      "--path",
      "src/gone/",
    ]);
    expect(rules(doctor(repo).report)).toEqual(["ADR-D012"]);
    const line = JSON.parse(repo.read(`.decisions/log/${logName(repo)}`).split("\n")[0]!);
    repo.write(
      ".decisions/log/zz.events.ndjson",
      `${JSON.stringify({ ...line, id: "01ZZZZZZZZZZZZZZZZZZZZZZZZ", schema_version: 2 })}\n`,
    );
    const { code, report } = doctor(repo);
    expect(rules(report)).toEqual(["ADR-D008"]);
    expect(report.findings[0]!.message).toMatch(
      /^\.decisions\/log\/zz\.events\.ndjson:1: schema_version 2 is newer than this adrift supports/,
    );
    expect(code).toBe(1);
  });

  it("says adrift is not set up (ADR-D001) and rejects an unknown rule id", () => {
    const repo = makeRepo();
    const { code, report } = doctor(repo);
    expect(rules(report)).toContain("ADR-D001");
    expect(code).toBe(1);
    const bad = runCli(repo.dir, ["doctor", "--ignore", "ADR-D999", "--json"]);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stderr).error.code).toBe("usage");
  });

  it("finds an agent hook file with only some of adrift's hooks (ADR-D015, a warning)", () => {
    const repo = healthyRepo();
    repo.adrift(["agent", "install", "cursor"]);
    expect(doctor(repo).report.findings).toEqual([]);
    const config = JSON.parse(repo.read(".cursor/hooks.json")) as {
      hooks: Record<string, unknown>;
    };
    delete config.hooks.stop;
    repo.write(".cursor/hooks.json", JSON.stringify(config));
    const { code, report } = doctor(repo);
    expect(rules(report)).toEqual(["ADR-D015"]);
    expect(report.findings[0]!.fix).toBe("adrift agent install cursor");
    expect(code).toBe(0);
  });

  it("names a scope with brackets as the path it is (app/[page]/page.tsx), never with its escapes", () => {
    const repo = makeRepo();
    repo.commit("code", {
      "app/[page]/page.tsx": "export default function Page() {}\n",
      "app/[id]/gone.ts": "export const x = 1;\n",
    });
    repo.adrift(["init"]);
    for (const p of ["app/[page]/page.tsx", "app/[id]/gone.ts"])
      repo.adriftJson(["decision", "record", "--outcome", `about ${p}`, "--trivial", "--path", p]);
    repo.commit("records");
    repo.git("mv", "app/[page]", "app/[slug]");
    repo.git("rm", "-q", "app/[id]/gone.ts");
    repo.commit("rename the route, remove the other file");
    const { report } = doctor(repo);
    const moved = report.findings.find((f) => f.rule === "ADR-D019");
    expect(moved?.message).toContain(
      "is scoped to app/[page]/page.tsx, which was renamed to app/[slug]/page.tsx",
    );
    const empty = report.findings.find((f) => f.message.includes("about app/[id]/gone.ts"));
    expect(empty?.message).toContain(
      "is scoped to app/[id]/gone.ts, which matches no tracked file",
    );
    for (const f of report.findings) expect(f.message).not.toContain("\\[");
  });

  it("documents every rule in docs/doctor.md", () => {
    const doc = readFileSync(new URL("../../docs/doctor.md", import.meta.url), "utf8");
    for (const rule of ALL_DOCTOR_RULES) {
      expect(doc).toContain(`### ${rule.id} ${rule.name}`);
    }
  });
});
