import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
const t = new StdioClientTransport({ command: process.execPath, args: ["/work/main/dist/cli/main.js", "mcp"], cwd: "/tmp/mcpm" });
const c = new Client({ name: "m", version: "1" }); await c.connect(t);
const { tools } = await c.listTools();
const all = JSON.stringify({ tools });
const count = (re) => (all.match(re) ?? []).join("").length;
console.log({ total: all.length, addl: count(/,"additionalProperties":false/g), msg: count(/,"message_id":\{"type":"string"\}/g), ann: count(/,"annotations":\{[^}]*\}/g), titles: count(/,"title":"[^"]*"/g), typeString: count(/\{"type":"string"\}/g), names: count(/"name":"[^"]*"/g) });
await c.close();
