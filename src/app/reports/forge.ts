import { type Forge, forgeFromEnv, forgeFromRemote } from "../../core/reports/forge.js";
import type { AppContext } from "../dependencies.js";
import { reportGit } from "./diff-range.js";

/**
 * Where the repository lives on a forge, for links in reports: what CI's environment names
 * (GitHub Actions, GitLab CI) first, else the `origin` remote's URL; undefined for any other
 * host or shape (reports then print plain text).
 */
export async function detectForge(ctx: AppContext): Promise<Forge | undefined> {
  const fromEnv = forgeFromEnv(ctx.env);
  if (fromEnv) return fromEnv;
  const remote = await reportGit(ctx).remoteUrl("origin");
  return remote ? forgeFromRemote(remote) : undefined;
}
