import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CLI, makeRepo, tempDir, testEnv } from "./support/repo.js";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));
const PRELOAD = fileURLToPath(new URL("./support/deny-network.cjs", import.meta.url));

/** A user + network namespace (only a down loopback) when the kernel allows one here. */
const UNSHARE = spawnSync("unshare", ["-rn", "true"]).status === 0;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sourceFiles(file) : file.endsWith(".ts") ? [file] : [];
  });
}

describe("adrift makes no network call of its own", () => {
  it("no source file imports a network module or fetches", () => {
    const forbidden = [
      /from\s+["'](node:)?(http|https|http2|net|tls|dgram|dns)(\/promises)?["']/,
      /import\(\s*["'](node:)?(http|https|http2|net|tls|dgram|dns)(\/promises)?["']\s*\)/,
      /require\(\s*["'](node:)?(http|https|http2|net|tls|dgram|dns)["']\s*\)/,
      /\bfetch\s*\(/,
      /\bXMLHttpRequest\b|\bWebSocket\b|\bEventSource\b/,
      /isomorphic-git\/http/,
      // the MCP SDK is allowed its stdio transport only
      /@modelcontextprotocol\/sdk\/(client|server)\/(sse|streamableHttp|websocket)/,
    ];
    // `adrift site serve` listens on a local port for the preview (it connects nowhere): its
    // server may take createServer from node:http, and the page it serves asks it, and only it,
    // for reloads (EventSource on a path of its own). Each allowance is held to exactly that.
    const allowed: Record<string, { pattern: RegExp; only: RegExp }> = {
      "adapters/site-server.ts": {
        pattern: forbidden[0]!,
        only: /^import \{ createServer, type ServerResponse \} from "node:http";$/m,
      },
      "app/site/serve-site.ts": {
        pattern: forbidden[4]!,
        only: /new EventSource\(\$\{JSON\.stringify\(RELOAD_PATH\)\}\)/,
      },
    };
    const offenders: string[] = [];
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      const name = path.relative(SRC, file).split(path.sep).join("/");
      const allowance = allowed[name];
      for (const pattern of forbidden) {
        if (!pattern.test(text)) continue;
        const excused =
          allowance?.pattern === pattern &&
          allowance.only.test(text) &&
          // once, type imports aside (they are erased: nothing of node:net runs)
          text.replace(/^import type .*$/gm, "").match(new RegExp(pattern.source, "g"))?.length ===
            1;
        if (!excused) offenders.push(`${name}: ${pattern}`);
      }
    }
    expect(offenders).toEqual([]);
    // the preview server makes no request of its own
    const server = readFileSync(path.join(SRC, "adapters/site-server.ts"), "utf8");
    expect(server).not.toMatch(/\b(request|get)\s*\(|https?\.|net\.connect/);
  });

  it("the preload really denies the network (the guard below can fail)", () => {
    const log = path.join(tempDir(), "net.log");
    const result = spawnSync(
      process.execPath,
      ["--require", PRELOAD, "-e", "require('node:dns').lookup('example.com', () => {})"],
      { env: testEnv({ ADRIFT_NET_LOG: log }), encoding: "utf8" },
    );
    expect(result.status).not.toBe(0);
    expect(readFileSync(log, "utf8")).toContain("dns.lookup");
  });

  it(`runs the end-to-end scenario with the network denied (${UNSHARE ? "unshare -rn + preload" : "preload + unroutable proxies"})`, () => {
    const repo = makeRepo();
    const log = path.join(tempDir(), "net.log");
    const env = testEnv({
      NODE_OPTIONS: `--require ${PRELOAD}`,
      ADRIFT_NET_LOG: log,
      // anything that honours a proxy goes nowhere (TEST-NET-1 is unroutable)
      HTTP_PROXY: "http://192.0.2.1:9",
      HTTPS_PROXY: "http://192.0.2.1:9",
      ALL_PROXY: "http://192.0.2.1:9",
      NO_PROXY: "",
    });
    const run = (args: string[], input = "") => {
      const [program, programArgs] = UNSHARE
        ? ["unshare", ["-rn", process.execPath, CLI, ...args]]
        : [process.execPath, [CLI, ...args]];
      const result = spawnSync(program, programArgs, {
        cwd: repo.dir,
        env,
        encoding: "utf8",
        input,
      });
      return { code: result.status, stdout: result.stdout, stderr: result.stderr };
    };
    repo.commit("code", { "src/auth/login.ts": "export const login = 1;\n" });
    const steps: [string[], number, string?][] = [
      [["init"], 0],
      [["workline", "open", "Survive IdP outages"], 0],
      [
        [
          "intent",
          "record",
          "--outcome",
          "stay logged in",
          "--trigger",
          "outage",
          "--trivial",
          "--path",
          "src/auth/",
        ],
        0,
      ],
      [
        [
          "decision",
          "record",
          "--outcome",
          "cache first",
          "--trivial",
          "--path",
          "src/auth/login.ts",
        ],
        0,
      ],
      [["list", "--json"], 0],
      [["validate"], 0],
      [["stale"], 0],
      [["context"], 0],
      [["pr-comment", "--base", "HEAD"], 0],
      [["adr", "draft"], 0],
      [["agent", "install", "claude"], 0],
      [
        ["agent", "hook", "pre-edit", "--agent", "claude"],
        0,
        `{"session_id":"s","tool_input":{"file_path":"src/auth/login.ts"}}`,
      ],
      [["doctor", "--ignore", "ADR-D004"], 0],
      [["agent", "uninstall"], 0],
      [["demo"], 0],
    ];
    for (const [args, expected, input] of steps) {
      const result = run(args, input);
      expect({ args, code: result.code, stderr: result.stderr }).toEqual({
        args,
        code: expected,
        stderr: "",
      });
    }
    expect(
      run(
        ["agent", "hook", "pre-edit", "--agent", "claude"],
        `{"session_id":"t","tool_input":{"file_path":"src/auth/login.ts"}}`,
      ).stdout,
    ).toContain("cache first");
    expect(existsSync(log) ? readFileSync(log, "utf8") : "").toBe("");
  });
});
