import { createReadStream, statSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

/** The address pages listen on for "the site was rebuilt" (server-sent events). */
export const RELOAD_PATH = "/__adrift/reload";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".css": "text/css; charset=utf-8",
};

/** A running preview server. */
export type SiteServer = { url: string; reload(): void; close(): Promise<void> };

/**
 * Serves the files of `dir` (nothing outside it: `..` and encoded escapes are refused) and an
 * event stream that tells open pages to reload when `reload()` is called.
 */
export function startSiteServer(dir: string, port: number, host: string): Promise<SiteServer> {
  const root = path.resolve(dir);
  const clients = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === RELOAD_PATH) {
      res.writeHead(200, {
        "content-type": "text/event-stream",
        "cache-control": "no-store",
        connection: "keep-alive",
      });
      res.write(": adrift\n\n");
      clients.add(res);
      req.on("close", () => clients.delete(res));
      return;
    }
    let file: string;
    try {
      file = path.resolve(root, `.${decodeURIComponent(url.pathname)}`);
    } catch {
      res.writeHead(400).end("bad path");
      return;
    }
    if (file !== root && !file.startsWith(root + path.sep)) {
      res.writeHead(403).end("outside the site");
      return;
    }
    try {
      if (statSync(file).isDirectory()) file = path.join(file, "index.html");
      statSync(file);
    } catch {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found");
      return;
    }
    res.writeHead(200, {
      "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
      "cache-control": "no-store",
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      const shown = host.includes(":") ? `[${host}]` : host;
      resolve({
        url: `http://${shown}:${address.port}/`,
        reload: () => {
          for (const client of clients) client.write("data: reload\n\n");
        },
        close: () =>
          new Promise<void>((done) => {
            for (const client of clients) client.end();
            server.close(() => done());
          }),
      });
    });
  });
}
