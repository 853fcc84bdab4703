// The GitHub Action's entry point (action.yml, `runs.using: node24`): computes adrift's
// pull-request comment with the CLI bundled beside it (adrift.mjs, no `npm ci`, no build) and
// writes body.md, comment.json, head-sha and pr-number into the out-dir for a trusted
// workflow_run job to post. Inputs arrive as INPUT_* variables and are passed as arguments,
// never through a shell. Exit 1 when a fail-on gate holds, 2 and up when adrift failed.
import { spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const input = (name) => (process.env[`INPUT_${name.toUpperCase()}`] ?? "").trim();
const workspace = process.env.GITHUB_WORKSPACE || process.cwd();
const outDir = path.resolve(workspace, input("out-dir") || "adrift-pr-comment");
const version = input("adrift-version");
const base = input("base");
const head = input("head") || "HEAD";
const failOn = input("fail-on");

if (!base) {
  console.error("adrift: no base: run on pull_request, or set the action's base input");
  process.exit(2);
}
if (version && !/^[0-9A-Za-z.+-]+$/.test(version)) {
  console.error(`adrift: adrift-version "${version.slice(0, 40)}" is not an npm version`);
  process.exit(2);
}

// The bundled CLI by default; with adrift-version, that published version of git-adrift.
const bundled = fileURLToPath(new URL("./adrift.mjs", import.meta.url));
const [command, ...prefix] = version
  ? ["npx", "--yes", `git-adrift@${version}`]
  : [process.execPath, bundled];
const args = ["pr-comment", "--base", base, "--head", head, "--format", "json"];
if (failOn) args.push("--fail-on", failOn);

const run = spawnSync(command, [...prefix, ...args], {
  cwd: workspace,
  encoding: "utf8",
  stdio: ["ignore", "pipe", "inherit"],
  maxBuffer: 256 * 1024 * 1024,
});
const code = run.status ?? 2;
if (run.error) console.error(`adrift: could not start ${command}: ${run.error.message}`);
if (code > 1 || run.error) process.exit(code > 1 ? code : 2);

const comment = JSON.parse(run.stdout);
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, "comment.json"), run.stdout);
writeFileSync(path.join(outDir, "body.md"), comment.body);
writeFileSync(path.join(outDir, "head-sha"), comment.head);
const event = process.env.GITHUB_EVENT_PATH
  ? JSON.parse(readFileSync(process.env.GITHUB_EVENT_PATH, "utf8"))
  : {};
writeFileSync(path.join(outDir, "pr-number"), String(event.pull_request?.number ?? ""));

const bodyFile = path.relative(workspace, path.join(outDir, "body.md"));
if (process.env.GITHUB_OUTPUT)
  appendFileSync(
    process.env.GITHUB_OUTPUT,
    `body-file=${bodyFile}\nfailing=${comment.failing.join(",")}\n`,
  );
if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, comment.body);
if (comment.failing.length) console.error(`adrift: failing on ${comment.failing.join(", ")}`);
process.exit(code);
