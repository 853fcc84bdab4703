import { type Config, ConfigSchema, parseConfig } from "../../core/config.js";
import { diagnose } from "../../core/doctor/check.js";
import { ALL_DOCTOR_RULES, type DoctorFinding } from "../../core/doctor/rules.js";
import { AdriftError } from "../../core/errors.js";
import { readConfigFile } from "../config-file.js";
import { type AppContext, createContext, type OpenOptions } from "../dependencies.js";
import { gatherDoctorFacts } from "./gather.js";

/** Which git adapter answers, and why (`ADRIFT_GIT`, or no git on PATH), with how to switch. */
export type GitAdapterInfo = { adapter: "cli" | "embedded"; note: string };

/** What `adrift doctor` found. `blind`: an error finding is left after --ignore. */
export type DoctorReport = {
  ok: boolean;
  blind: boolean;
  findings: DoctorFinding[];
  /** findings left out by --ignore */
  ignored: DoctorFinding[];
  checked: string[];
  git: GitAdapterInfo;
};

/** The adapter this context runs with, told for people. */
export function gitAdapterInfo(ctx: AppContext): GitAdapterInfo {
  if (ctx.git.kind === "cli")
    return {
      adapter: "cli",
      note: "the git CLI (the default); ADRIFT_GIT=embedded uses the built-in isomorphic-git instead",
    };
  return {
    adapter: "embedded",
    note:
      ctx.env.ADRIFT_GIT === "embedded"
        ? "the built-in isomorphic-git, as ADRIFT_GIT=embedded asks; unset ADRIFT_GIT to use the git CLI, which is faster"
        : "the built-in isomorphic-git, as no git is on PATH; install git for the faster git CLI adapter",
  };
}

function readConfig(root: string): { config?: Config; error?: string } {
  try {
    const text = readConfigFile(root);
    if (text === undefined) return {};
    return { config: parseConfig(text) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** Doctor's options: rules to leave out, by id (`ADR-D004`) or name (`hooks-missing`). */
export type DoctorOptions = { ignore?: string[] };

/** Runs every doctor check with this context (whose config is taken as valid). */
export async function diagnoseRepository(
  ctx: AppContext,
  options: DoctorOptions & { configError?: string } = {},
): Promise<DoctorReport> {
  const ignore = (options.ignore ?? []).map((id) => id.toUpperCase());
  const known = new Set(ALL_DOCTOR_RULES.flatMap((r) => [r.id, r.name.toUpperCase()]));
  for (const id of ignore)
    if (!known.has(id))
      throw new AdriftError(
        "usage",
        `--ignore ${id}: no such rule; expected one of ${ALL_DOCTOR_RULES.map((r) => r.id).join(", ")}`,
      );
  const all = diagnose(await gatherDoctorFacts(ctx, options.configError));
  const skipped = (f: DoctorFinding) =>
    ignore.includes(f.rule) || ignore.includes(f.name.toUpperCase());
  const findings = all.filter((f) => !skipped(f));
  const blind = findings.some((f) => f.severity === "error");
  return {
    ok: findings.length === 0,
    blind,
    findings,
    ignored: all.filter(skipped),
    checked: ALL_DOCTOR_RULES.map((r) => r.id),
    git: gitAdapterInfo(ctx),
  };
}

/**
 * Runs doctor in the repository containing `dir`. The config is read here, not by the context,
 * so a broken one becomes finding ADR-D003 instead of stopping doctor.
 */
export async function runDoctor(
  dir: string,
  options: OpenOptions & DoctorOptions = {},
): Promise<DoctorReport> {
  const probe = await createContext(dir, { ...options, config: ConfigSchema.parse({}) });
  const { config, error } = readConfig(probe.git.location.root);
  return diagnoseRepository(config ? { ...probe, config } : probe, {
    ...options,
    ...(error ? { configError: error } : {}),
  });
}
