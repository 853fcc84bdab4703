import { readFileSync } from "node:fs";
import { readStatus } from "../../core/adr/status-line.js";
import type { AppContext } from "../dependencies.js";
import { repoPath } from "../dependencies.js";
import { acceptDraft, rejectDraft } from "./accept.js";
import { adrFilesIn, relativePath } from "./files.js";
import { readFrontMatter } from "./front-matter.js";

/** Finalises drafts whose front matter a reviewer set to accepted or rejected (review on the forge). */
export async function syncDrafts(ctx: AppContext) {
  const accepted: Awaited<ReturnType<typeof acceptDraft>>[] = [];
  const rejected: Awaited<ReturnType<typeof rejectDraft>>[] = [];
  const pending: string[] = [];
  for (const file of adrFilesIn(repoPath(ctx, ctx.config.drafts_dir))) {
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
  return { accepted, rejected, pending };
}
