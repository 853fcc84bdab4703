import { readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withFileLock } from "../../src/adapters/file-lock.js";
import { tempDir } from "../support/repo.js";

describe("withFileLock", () => {
  it("never breaks a lock whose holder is alive, however old: the wait ends in io_failed naming it", async () => {
    const lock = path.join(tempDir(), "state.lock");
    // This very process holds it, and is alive; the file is an hour old by the disk's clock.
    const owner = `${process.pid} ${hostname()}\n`;
    writeFileSync(lock, owner);
    const old = statSync(lock).mtimeMs / 1000 - 3600;
    utimesSync(lock, old, old);
    let ran = false;
    const attempt = withFileLock(
      lock,
      async () => {
        ran = true;
      },
      { waitMs: 300 },
    );
    await expect(attempt).rejects.toMatchObject({
      code: "io_failed",
      message: expect.stringContaining(`process ${process.pid} still holds it`),
      details: { lock },
    });
    expect(ran).toBe(false);
    expect(readFileSync(lock, "utf8")).toBe(owner);
  });
});
