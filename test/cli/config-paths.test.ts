// Paths stay inside the repository: configured directories with `..` or an absolute path are a
// config error, and a log directory that is a symbolic link is refused for reads and writes alike
// — never written and then read as empty.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openRepository } from "../../src/index.js";
import { makeRepo, type TestRepo, tempDir } from "../support/repo.js";

const RECORD = ["intent", "record", "--outcome", "o", "--trigger", "t", "--trivial"];

const failure = (repo: TestRepo, args: string[]) => {
  const result = repo.adrift([...args, "--json"]);
  return { code: result.code, error: result.stderr ? JSON.parse(result.stderr).error : undefined };
};

describe("configured paths", () => {
  const FIELDS = ["log_dir", "adr_dir", "drafts_dir", "adr_index", "templates_dir"];
  const BAD = [
    "../outside",
    "/tmp/adrift-elsewhere",
    "docs/../../outside",
    "C:\\\\adr",
    "\\\\server\\share",
    "",
    ".git/adrift-log",
  ];

  it.each(FIELDS)(
    "%s with '..', an absolute path, nothing or .git is a config error naming it",
    (field) => {
      const repo = makeRepo();
      for (const value of BAD) {
        repo.write(".decisions/config.json", JSON.stringify({ [field]: value }));
        // `stale` reads the config without zod (the hooks' reader): refused the same way.
        for (const args of value === BAD[0] ? [RECORD, ["list"], ["stale"]] : [RECORD]) {
          const { code, error } = failure(repo, args);
          expect(code, `${field}=${value}`).toBe(2);
          expect(error.code).toBe("validation_failed");
          expect(error.message).toContain(".decisions/config.json");
          expect(error.message).toContain(field);
        }
      }
      expect(existsSync(path.join(repo.dir, ".decisions/log"))).toBe(false);
    },
  );

  it("a log_dir of the repository root itself is refused; one outside .decisions/ works", () => {
    const repo = makeRepo();
    for (const value of [".", "./", "logs/.."]) {
      repo.write(".decisions/config.json", JSON.stringify({ log_dir: value }));
      expect(failure(repo, ["list"]).code, value).toBe(2);
    }
    repo.write(".decisions/config.json", JSON.stringify({ log_dir: "history/adrift" }));
    expect(repo.adrift(RECORD).code).toBe(0);
    expect(readdirSync(path.join(repo.dir, "history/adrift"))).toHaveLength(1);
    expect(repo.adriftJson<{ records: unknown[] }>(["list"]).records).toHaveLength(1);
  });

  it("the library refuses such a config too", async () => {
    const repo = makeRepo();
    repo.write(".decisions/config.json", JSON.stringify({ log_dir: "../outside" }));
    await expect(openRepository(repo.dir)).rejects.toMatchObject({ code: "validation_failed" });
  });
});

describe("a log directory that is a symbolic link", () => {
  const linked = (link: string) => {
    const repo = makeRepo();
    repo.adrift(RECORD);
    const target = tempDir();
    const dir = path.join(repo.dir, link);
    // Move what is there to the target, and put a link in its place.
    if (existsSync(dir)) {
      for (const f of readdirSync(dir, { recursive: true, withFileTypes: true }))
        if (f.isFile()) {
          const to = path.join(target, path.relative(dir, path.join(f.parentPath, f.name)));
          mkdirSync(path.dirname(to), { recursive: true });
          writeFileSync(to, readFileSync(path.join(f.parentPath, f.name)));
        }
      rmSync(dir, { recursive: true });
    }
    symlinkSync(target, dir);
    return { repo, target };
  };

  it.each([".decisions/log", ".decisions"])(
    "%s as a link: writes and reads are refused alike, nothing is written",
    (link) => {
      const { repo, target } = linked(link);
      const files = () => readdirSync(target, { recursive: true }).sort();
      const before = files();
      for (const args of [RECORD, ["list"], ["stale"], ["validate"]]) {
        const { code, error } = failure(repo, args);
        expect(code, args.join(" ")).toBe(2);
        expect(error.code).toBe("validation_failed");
        expect(error.message).toContain("symbolic link");
      }
      expect(files()).toEqual(before);
    },
  );

  it("a log file replaced by a link is not appended through", () => {
    const repo = makeRepo();
    repo.adrift(RECORD);
    const dir = path.join(repo.dir, ".decisions/log");
    const [file] = readdirSync(dir);
    const outside = path.join(tempDir(), "elsewhere.events.ndjson");
    writeFileSync(outside, readFileSync(path.join(dir, file!)));
    rmSync(path.join(dir, file!));
    symlinkSync(outside, path.join(dir, file!));
    const before = readFileSync(outside, "utf8");
    const { code, error } = failure(repo, RECORD);
    expect(code).toBe(2);
    expect(error.message).toContain("symbolic link");
    expect(readFileSync(outside, "utf8")).toBe(before);
    // Nor read through as if it were the file: reading refuses it the same way.
    expect(failure(repo, ["list"]).error.message).toContain("symbolic link");
  });
});
