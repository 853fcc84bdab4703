import { request } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { makeRepo, startCli, waitFor } from "../support/repo.js";

/** A GET with the path sent as written (no client-side `..` folding), its status and body. */
function get(url: string, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const req = request({ hostname, port, path: rawPath }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => {
        body += d;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("site serve", () => {
  const repo = makeRepo();
  repo.commit("code", { "src/a.ts": "a\n" });
  repo.adrift(["decision", "record", "--outcome", "First decision", "--path", "src/a.ts"]);
  repo.commit("record");
  const served = startCli(repo.dir, ["site", "serve", "--port", "0", "--json"]);
  afterAll(() => {
    served.child.kill("SIGKILL");
  });

  it("serves the built site, refuses paths outside it, rebuilds and tells open pages to reload when the log changes", async () => {
    await waitFor(
      () => served.out.stderr,
      (t) => /serving .* at http:\/\/127\.0\.0\.1:\d+\//.test(t),
    );
    const url = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(served.out.stderr)![1]!;
    const home = await get(url, "/");
    expect(home.status).toBe(200);
    expect(home.body).toContain("First decision");
    // The preview's pages listen for rebuilds; the policy lets that one script run.
    expect(home.body).toContain("new EventSource");
    expect(home.body).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect((await get(url, "/..%2f..%2f..%2f..%2fetc%2fpasswd")).status).toBe(403);
    expect((await get(url, "/%2e%2e/%2e%2e/etc/passwd")).status).toBe(404); // folded into the site
    expect((await get(url, "/records/NOPE.html")).status).toBe(404);

    // Listen as a page does, then record a decision: a rebuild and a reload message follow.
    let events = "";
    const { hostname, port } = new URL(url);
    const stream = request({ hostname, port, path: "/__adrift/reload" }, (res) => {
      res.setEncoding("utf8");
      res.on("data", (d) => {
        events += d;
      });
    });
    stream.end();
    await waitFor(
      () => events,
      (t) => t.includes(": adrift"),
    );
    const builds = served.out.stdout.split("\n").filter(Boolean).length;
    const { id } = repo.adriftJson<{ id: string }>([
      "decision",
      "record",
      "--outcome",
      "Second decision",
    ]);
    await waitFor(
      () => events,
      (t) => t.includes("data: reload"),
    );
    expect(served.out.stdout.split("\n").filter(Boolean).length).toBeGreaterThan(builds);
    const page = await get(url, `/records/${id}.html`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Second decision");
    stream.destroy();

    served.child.kill("SIGTERM");
    expect(await served.exited).toBe(0);
  });
});
