// The browser the page tests drive: the system's Chromium (Debian's `chromium` package), or one
// named by ADRIFT_CHROMIUM (`ADRIFT_CHROMIUM=none` runs a file as a machine without a browser
// would: its browser tests skipped, and it says so).
import { existsSync } from "node:fs";
import type { Browser } from "puppeteer-core";

/** The Chromium binary to drive, or undefined (after saying on stderr that `file` skips). */
export function findChromium(file: string): string | undefined {
  const found =
    process.env.ADRIFT_CHROMIUM === "none"
      ? undefined
      : [
          process.env.ADRIFT_CHROMIUM,
          "/usr/bin/chromium",
          "/usr/bin/chromium-browser",
          "/usr/bin/google-chrome",
        ].find((p): p is string => Boolean(p && existsSync(p)));
  if (!found)
    process.stderr.write(
      `${file}: SKIPPED, no Chromium found (apt-get install chromium, or set ADRIFT_CHROMIUM to a Chrome or Chromium binary)\n`,
    );
  return found;
}

/** A headless Chromium at `executablePath`, as the page tests drive it (puppeteer-core). */
export async function launchChromium(executablePath: string): Promise<Browser> {
  const puppeteer = (await import("puppeteer-core")).default;
  return puppeteer.launch({
    executablePath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
  });
}
