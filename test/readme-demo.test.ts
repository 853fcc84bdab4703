import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli, tempDir } from "./support/repo.js";

/** Replaces what differs between runs: ids (full and short), hashes, times, dates, paths, durations. */
function maskTranscript(text: string): string {
  return text
    .replace(/\S*adrift-demo-[A-Za-z0-9]+\S*/g, "<dir>")
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, "<time>")
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, "<date>")
    .replace(/\b0[0-7][0-9A-HJKMNP-TV-Z]{8,24}\b/g, "<id>")
    .replace(/\b0[0-7][0-9a-hjkmnp-tv-z]{24}\b/g, "<id>")
    .replace(/\b(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b/g, "<hash>")
    .replace(/\b\d+(\.\d+)? (s|ms)\b/g, "<n> $2")
    .replace(/[ \t]+$/gm, "");
}

function readmeTranscript(): string {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  const section = readme.slice(readme.indexOf("## What the demo shows"));
  const match = /```text\n([\s\S]*?)\n```\n/.exec(section);
  if (!match) throw new Error('README.md has no ```text block under "## What the demo shows"');
  return match[1]!;
}

describe("the README's demo transcript", () => {
  it("masking keeps the words and hides what changes between runs", () => {
    expect(
      maskTranscript(
        "opened workline 01M8N483RVERE8XHWCF6R67D2W (active)\n- 01M8N47HPK [src/a.ts] x in 1a2b3c4\nADR-0001  accepted    2026-11-30  Title\ndemo finished in 6.3 s",
      ),
    ).toBe(
      "opened workline <id> (active)\n- <id> [src/a.ts] x in <hash>\nADR-0001  accepted    <date>  Title\ndemo finished in <n> s",
    );
  });

  it("is what `adrift demo` prints (ids, hashes and times masked)", () => {
    const result = runCli(tempDir(), ["demo"]);
    expect(result.code).toBe(0);
    // on a mismatch: npm run build && node scripts/readme-demo.mjs
    expect(maskTranscript(readmeTranscript())).toBe(maskTranscript(result.stdout.trimEnd()));
  });
});
