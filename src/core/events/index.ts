export * from "./common.js";
export * from "./envelope.js";
export * from "./parse.js";
export * from "./payloads.js";
