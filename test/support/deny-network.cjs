// Preloaded with `node --require` in the offline test: every way Node reaches the network
// throws, and the attempt is logged to ADRIFT_NET_LOG so a swallowed error still shows.
const fs = require("node:fs");

function deny(what) {
  return function denied() {
    const log = process.env.ADRIFT_NET_LOG;
    if (log) fs.appendFileSync(log, `${process.pid} ${what}\n`);
    throw new Error(`network access denied in this test: ${what}`);
  };
}

const net = require("node:net");
net.Socket.prototype.connect = deny("net.Socket.connect");
net.connect = deny("net.connect");
net.createConnection = deny("net.createConnection");
const dns = require("node:dns");
for (const name of ["lookup", "resolve", "resolve4", "resolve6", "resolveAny"]) {
  dns[name] = deny(`dns.${name}`);
  dns.promises[name] = deny(`dns.promises.${name}`);
}
for (const name of ["node:http", "node:https"]) {
  const mod = require(name);
  mod.request = deny(`${name}.request`);
  mod.get = deny(`${name}.get`);
}
require("node:dgram").createSocket = deny("dgram.createSocket");
globalThis.fetch = deny("fetch");
