/**
 * Reads front matter that is not valid YAML line by line, the way a person reads it: each
 * `key: value` at the start of a line is a key and everything after the first `: ` its value
 * (`title: A marketplace: each plugin…` keeps its second colon), quotes around a whole value
 * are taken off, `[a, b]` and `- item` lines under an empty key are lists.
 */
export function readLooseFrontMatter(raw: string): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  let listKey: string | undefined;
  for (const line of raw.split("\n")) {
    const item = /^\s+-\s+(.*)$/.exec(line);
    if (item && listKey) {
      (data[listKey] as string[]).push(unquote(item[1]!.trim()));
      continue;
    }
    const pair = /^([A-Za-z_][\w.-]*)\s*:(?:\s+(.*))?$/.exec(line);
    if (!pair) continue;
    const key = pair[1]!;
    const value = (pair[2] ?? "").trim();
    listKey = undefined;
    if (value === "") {
      data[key] = [];
      listKey = key;
    } else if (/^\[.*\]$/.test(value))
      data[key] = value
        .slice(1, -1)
        .split(",")
        .map((v) => unquote(v.trim()))
        .filter(Boolean);
    else data[key] = unquote(value);
  }
  for (const [key, value] of Object.entries(data))
    if (Array.isArray(value) && value.length === 0) data[key] = null;
  return data;
}

function unquote(value: string): string {
  const quoted = /^"(.*)"$|^'(.*)'$/.exec(value);
  return quoted ? (quoted[1] ?? quoted[2]!.replace(/''/g, "'")) : value;
}
