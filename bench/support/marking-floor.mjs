// The floor of a marking pre-commit: node's start and the work no marking can skip — the git
// processes adrift's pre-commit runs (who is committing, the staged change, what other bases
// held at the staged paths, staging the log file) and one line appended to a log file. Run as
// the pre-commit of bench/commit.mjs's floor hooks, in the repository being committed.
import { execFileSync } from "node:child_process";
import { appendFileSync } from "node:fs";

const git = (args, input) => execFileSync("git", args, { encoding: "utf8", input });
git(["config", "-z", "--get-regexp", "^user\\.(name|email)$"]);
const staged = git(["diff", "--cached", "-z", "-M", "--raw", "--no-abbrev", "--no-ext-diff", "--"]);
const paths = staged.split("\0").filter((_, i) => i % 2 === 1);
git(["cat-file", "--batch-check"], paths.map((p) => `HEAD:${p}\n`).join(""));
const file = ".decisions/log/floor.events.ndjson";
appendFileSync(file, `${JSON.stringify({ type: "floor", at: Date.now() })}\n`);
git(["add", "--", file]);
