/**
 * Where a repository lives on a forge (GitHub, GitLab), read from CI's environment or from the
 * remote's URL, and the web addresses of its commits and files. Anything that does not parse
 * as one of those shapes gives no forge: reports then print plain text, never a guessed link.
 */

/** A repository's web home on a forge. */
export type Forge = {
  kind: "github" | "gitlab";
  /** e.g. https://github.com/acme/shop or https://gitlab.example.com/group/sub/project */
  url: string;
};

/** The environment variables CI sets that name the repository. */
export type ForgeEnv = Record<string, string | undefined>;

const HOST =
  /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/;
const SEGMENT = /^[A-Za-z0-9_.~-]+$/;

/** A web origin (`https://host[:port]`) and a project path, checked; undefined when either is odd. */
function forgeAt(
  kind: Forge["kind"],
  scheme: string,
  hostPort: string,
  projectPath: string,
): Forge | undefined {
  const [host, port, ...rest] = hostPort.split(":");
  if (
    rest.length > 0 ||
    !host ||
    !HOST.test(host) ||
    (port !== undefined && !/^\d{1,5}$/.test(port))
  )
    return undefined;
  const segments = projectPath
    .replace(/\/+$/, "")
    .replace(/\.git$/, "")
    .split("/")
    .filter((s) => s.length > 0);
  if (segments.length < 2 || !segments.every((s) => SEGMENT.test(s) && s !== "." && s !== ".."))
    return undefined;
  // GitHub repositories are owner/name; GitLab projects may sit in nested groups.
  if (kind === "github" && segments.length !== 2) return undefined;
  const origin = `${scheme}://${host.toLowerCase()}${port ? `:${port}` : ""}`;
  return { kind, url: `${origin}/${segments.join("/")}` };
}

/** The forge kind a host name suggests (github.com, github.acme.com, gitlab.com, gitlab.acme.io). */
function kindOfHost(host: string): Forge["kind"] | undefined {
  const h = host.toLowerCase();
  if (/(^|[.-])github([.-]|$)/.test(h)) return "github";
  if (/(^|[.-])gitlab([.-]|$)/.test(h)) return "gitlab";
  return undefined;
}

/** Splits `scheme://[user@]host[:port]/path` ; undefined for other shapes. */
function parseUrl(url: string): { scheme: string; hostPort: string; path: string } | undefined {
  const m = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/]*@)?([^/]+)(\/.*)?$/i.exec(url);
  if (!m) return undefined;
  return { scheme: m[1]!.toLowerCase(), hostPort: m[2]!, path: m[3] ?? "" };
}

/**
 * The forge of a remote URL as git accepts it: `https://[user[:token]@]host/owner/repo(.git)`,
 * `ssh://git@host[:port]/owner/repo.git`, `git://host/owner/repo` or scp-like
 * `git@host:owner/repo.git`. Credentials in the URL are dropped; an ssh port is not the web's.
 */
export function forgeFromRemote(remote: string): Forge | undefined {
  const url = remote.trim();
  if (url.length === 0 || /[\s\0]/.test(url)) return undefined;
  const parsed = parseUrl(url);
  if (parsed) {
    const host = parsed.hostPort.split(":")[0] ?? "";
    const kind = kindOfHost(host);
    if (!kind) return undefined;
    if (parsed.scheme === "https" || parsed.scheme === "http")
      return forgeAt(kind, parsed.scheme, parsed.hostPort, parsed.path);
    if (["ssh", "git", "git+ssh", "ssh+git"].includes(parsed.scheme))
      return forgeAt(kind, "https", host, parsed.path);
    return undefined;
  }
  // scp-like: [user@]host:path, where the host has no slash before the colon
  const scp = /^(?:[^@/:]+@)?([^/:]+):(?!\/\/)(.+)$/.exec(url);
  if (!scp) return undefined;
  const kind = kindOfHost(scp[1]!);
  return kind ? forgeAt(kind, "https", scp[1]!, scp[2]!) : undefined;
}

/**
 * The forge CI names: GitHub Actions (`GITHUB_SERVER_URL` and `GITHUB_REPOSITORY`) or GitLab CI
 * (`CI_PROJECT_URL`, else `CI_SERVER_URL` and `CI_PROJECT_PATH`).
 */
export function forgeFromEnv(env: ForgeEnv): Forge | undefined {
  const github = env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY;
  if (github) {
    const server = parseUrl(env.GITHUB_SERVER_URL!.replace(/\/+$/, ""));
    if (server && (server.scheme === "https" || server.scheme === "http") && server.path === "")
      return forgeAt("github", server.scheme, server.hostPort, env.GITHUB_REPOSITORY!);
    return undefined;
  }
  const project =
    env.CI_PROJECT_URL ??
    (env.CI_SERVER_URL && env.CI_PROJECT_PATH
      ? `${env.CI_SERVER_URL.replace(/\/+$/, "")}/${env.CI_PROJECT_PATH}`
      : undefined);
  if (project) {
    const parsed = parseUrl(project);
    if (parsed && (parsed.scheme === "https" || parsed.scheme === "http"))
      return forgeAt("gitlab", parsed.scheme, parsed.hostPort, parsed.path);
  }
  return undefined;
}

/** Percent-encodes a URL path segment, parentheses and quotes too (Markdown reads them). */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** A repository path as a URL path: each segment percent-encoded, slashes kept. */
export function encodePath(path: string): string {
  return path.split("/").map(encodeSegment).join("/");
}

/** The web addresses of a forge's commits and files. */
export type ForgeLinks = {
  commit(sha: string): string;
  /** a file as it is at `rev` (a full commit id), optionally at a line */
  file(path: string, rev: string, line?: number): string;
};

/** Link builders for a forge (GitHub and GitLab URL shapes). */
export function forgeLinks(forge: Forge): ForgeLinks {
  const sep = forge.kind === "gitlab" ? "/-" : "";
  return {
    commit: (sha) => `${forge.url}${sep}/commit/${encodeSegment(sha)}`,
    file: (path, rev, line) =>
      `${forge.url}${sep}/blob/${encodeSegment(rev)}/${encodePath(path)}${line ? `#L${line}` : ""}`,
  };
}
