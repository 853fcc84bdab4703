import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { createFileAtomically, writeFileAtomically } from "../../adapters/atomic-file.js";
import { adrFileName, adrRef, nextFreeNumber } from "../../core/adr/model.js";
import { AdriftError } from "../../core/errors.js";
import { indexLeftAloneNote } from "../../core/render/adr-index.js";
import { type AppContext, repoPath } from "../dependencies.js";
import { loadProject } from "../log/load.js";
import { assertHuman, currentPerson } from "../recording/actor.js";
import { checkedWrite } from "../recording/domain-lock.js";
import { writeEvents } from "../recording/writer.js";
import { editFrontMatter, HASH_KEY, setKey, stringList } from "./front-matter.js";
import { writeAdrIndex } from "./index-file.js";
import { collectAdrs } from "./list.js";
import { readinessWarnings } from "./readiness.js";
import { type FoundDraft, findAdr, findDraft } from "./resolve.js";
import { slugOf } from "./slug.js";

/** Options of `adr accept`. */
export type AcceptOptions = { number?: number; supersedes?: string[] };

/** Accepts a draft: numbers it, writes `NNNN-<slug>.md`, removes the draft, records `adr_accepted`. */
async function acceptDraftUnlocked(
  ctx: AppContext,
  ref: string | FoundDraft,
  options: AcceptOptions = {},
) {
  const draft = typeof ref === "string" ? findDraft(ctx, ref) : ref;
  await assertHuman(ctx, {
    what: `accept the ADR draft ${draft.path}`,
    how: `from their own shell (adrift adr accept ${draft.path})`,
    details: { draft: draft.path },
  });
  const { state } = await loadProject(ctx);
  const id = typeof draft.data.id === "string" ? draft.data.id : undefined;
  if (!id)
    throw new AdriftError(
      "validation_failed",
      `${draft.path}: the front matter has no id (drafts keep the id adrift gave them)`,
    );
  if (state.adrs.get(id)?.status === "accepted")
    throw new AdriftError(
      "conflict",
      `ADR ${id} is already accepted as ${state.adrs.get(id)!.path}`,
    );
  const adrs = await collectAdrs(ctx, state);
  const taken = new Set([
    ...adrs.flatMap((a) => (a.number === undefined ? [] : [a.number])),
    ...[...state.adrs.values()].flatMap((a) =>
      a.status === "accepted" && a.number !== undefined ? [a.number] : [],
    ),
  ]);
  if (options.number !== undefined && taken.has(options.number))
    throw new AdriftError(
      "conflict",
      `${adrRef(options.number)} is taken; leave out --number to get the next free one (${nextFreeNumber(taken)})`,
    );
  const number = options.number ?? nextFreeNumber(taken);
  const superseded = (options.supersedes ?? []).map((r) => findAdr(adrs, r));
  for (const old of superseded)
    if (!readFileSync(repoPath(ctx, old.path), "utf8").startsWith("---"))
      throw new AdriftError(
        "validation_failed",
        `${old.path} has no YAML front matter to record the supersession in; add one (status:) first`,
      );
  const title =
    typeof draft.data.title === "string" && draft.data.title.trim() ? draft.data.title : "untitled";
  const file = path.join(
    repoPath(ctx, ctx.config.adr_dir),
    adrFileName(number, await slugOf(title, id.toLowerCase())),
  );
  const person = await currentPerson(ctx);
  const date = ctx.clock.now().toISOString().slice(0, 10);
  const accepted = editFrontMatter(draft.text, draft.path, (doc) => {
    setKey(doc, "status", "accepted");
    setKey(doc, "date", date);
    const makers = stringList(doc.toJS()?.["decision-makers"]);
    setKey(
      doc,
      "decision-makers",
      makers.includes(person.name) ? makers : [...makers, person.name],
    );
    if (superseded.length)
      setKey(
        doc,
        "supersedes",
        superseded.map((s) => adrRef(s.number!)),
      );
    doc.delete("cluster");
    doc.delete(HASH_KEY);
  });
  mkdirSync(path.dirname(file), { recursive: true });
  if (existsSync(file)) throw new AdriftError("conflict", `${file} already exists`);
  const restore: [string, string][] = [];
  writeWhole(file, path.relative(ctx.git.location.root, file), accepted);
  try {
    for (const old of superseded) {
      const oldFile = repoPath(ctx, old.path);
      const before = readFileSync(oldFile, "utf8");
      restore.push([oldFile, before]);
      const by = [...new Set([...old.superseded_by, adrRef(number)])];
      writeFileAtomically(
        oldFile,
        editFrontMatter(before, old.path, (doc) => {
          setKey(doc, "status", `superseded by ${by.join(", ")}`);
          setKey(doc, "superseded-by", by);
        }),
      );
    }
    const records = stringList(draft.data.records);
    const relative = path.relative(ctx.git.location.root, file).split(path.sep).join("/");
    await writeEvents(ctx, [
      {
        type: "adr_accepted",
        data: { adr_id: id, number, path: relative, record_ids: records, accepted_by: person },
      },
    ]);
    rmSync(draft.file, { force: true });
    rmSync(draft.file.replace(/\.md$/i, ".regenerated.md"), { force: true });
    const index = writeAdrIndex(ctx, await collectAdrs(ctx, (await loadProject(ctx)).state));
    return {
      id,
      number,
      ref: adrRef(number),
      path: relative,
      draft: draft.path,
      record_ids: records,
      supersedes: superseded.map((s) => s.path),
      index,
      warnings: [
        ...readinessWarnings(state, records),
        ...(index === undefined
          ? [
              {
                code: "index_left_alone" as const,
                message: indexLeftAloneNote(ctx.config.adr_index),
              },
            ]
          : []),
      ],
    };
  } catch (error) {
    rmSync(file, { force: true });
    for (const [oldFile, before] of restore) writeFileAtomically(oldFile, before);
    throw error;
  }
}

/**
 * Writes the accepted ADR whole or not at all: a full disk leaves no empty file that would keep
 * its number (`io_failed`, naming the file).
 */
function writeWhole(file: string, name: string, text: string): void {
  try {
    createFileAtomically(file, text);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") throw new AdriftError("conflict", `${file} already exists`);
    throw new AdriftError(
      "io_failed",
      `cannot write ${name} (${code ?? (error as Error).message}); nothing was accepted: free some space and run adrift adr accept again`,
      { file: name },
    );
  }
}

/** Rejects a draft with a reason: records `adr_rejected` and removes the draft. */
async function rejectDraftUnlocked(ctx: AppContext, ref: string | FoundDraft, reason: string) {
  if (!reason.trim()) throw new AdriftError("usage", 'a rejection needs a reason: --reason "…"');
  const draft = typeof ref === "string" ? findDraft(ctx, ref) : ref;
  await assertHuman(ctx, {
    what: `reject the ADR draft ${draft.path}`,
    how: `from their own shell (adrift adr reject ${draft.path} --reason "…")`,
    details: { draft: draft.path },
  });
  const id = typeof draft.data.id === "string" ? draft.data.id : undefined;
  if (!id) throw new AdriftError("validation_failed", `${draft.path}: the front matter has no id`);
  await writeEvents(ctx, [
    { type: "adr_rejected", data: { adr_id: id, draft_path: draft.path, reason } },
  ]);
  rmSync(draft.file, { force: true });
  rmSync(draft.file.replace(/\.md$/i, ".regenerated.md"), { force: true });
  return { id, draft: draft.path, reason };
}

/** `acceptDraftUnlocked` as one critical section: the log read, checked and appended under the clone's lock. */
export const acceptDraft = checkedWrite(acceptDraftUnlocked);

/** `rejectDraftUnlocked` as one critical section: the log read, checked and appended under the clone's lock. */
export const rejectDraft = checkedWrite(rejectDraftUnlocked);
