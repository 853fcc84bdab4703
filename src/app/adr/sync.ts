import { readFileSync } from "node:fs";
import { readStatus } from "../../core/adr/status-line.js";
import { isAdriftError } from "../../core/errors.js";
import type { AppContext } from "../dependencies.js";
import { repoPath } from "../dependencies.js";
import { acceptDraft, rejectDraft } from "./accept.js";
import { adrFilesIn, relativePath } from "./files.js";
import { readFrontMatter } from "./front-matter.js";

/** A draft `adr sync` could not finalise, and why (the others are finalised all the same). */
export type SyncFailure = { path: string; code: string; message: string };

/**
 * Finalises drafts whose front matter a reviewer set to accepted or rejected (review on the
 * forge). A draft that cannot be read or finalised (broken front matter, a taken number) is
 * reported in `failed` and the others are finalised all the same.
 */
export async function syncDrafts(ctx: AppContext) {
  const accepted: Awaited<ReturnType<typeof acceptDraft>>[] = [];
  const rejected: Awaited<ReturnType<typeof rejectDraft>>[] = [];
  const pending: string[] = [];
  const failed: SyncFailure[] = [];
  for (const file of adrFilesIn(repoPath(ctx, ctx.config.drafts_dir))) {
    try {
      await syncOne(ctx, file, { accepted, rejected, pending });
    } catch (error) {
      if (!isAdriftError(error)) throw error;
      failed.push({ path: relativePath(ctx, file), code: error.code, message: error.message });
    }
  }
  return { accepted, rejected, pending, failed };
}

async function syncOne(
  ctx: AppContext,
  file: string,
  out: {
    accepted: Awaited<ReturnType<typeof acceptDraft>>[];
    rejected: Awaited<ReturnType<typeof rejectDraft>>[];
    pending: string[];
  },
) {
  const { accepted, rejected, pending } = out;
  {
    const text = readFileSync(file, "utf8");
    const found = {
      file,
      path: relativePath(ctx, file),
      text,
      data: readFrontMatter(text, relativePath(ctx, file)).data,
    };
    const status = readStatus(String(found.data.status ?? "")).value;
    if (status === "accepted") accepted.push(await acceptDraft(ctx, found));
    else if (status === "rejected") {
      const reason = found.data.reason ?? found.data["rejection-reason"];
      rejected.push(
        await rejectDraft(
          ctx,
          found,
          typeof reason === "string" && reason.trim() ? reason : "rejected in review",
        ),
      );
    } else pending.push(found.path);
  }
}
