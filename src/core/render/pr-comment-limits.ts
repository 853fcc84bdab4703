// The PR comment's size limits, apart from the renderer: a rerun that reads its body back
// (app/reports/pr-comment.ts) needs them without loading the Markdown serializer.

/** GitHub refuses comments over 65,536 characters; adrift stays well below. */
export const PR_COMMENT_LIMIT = 60_000;

/** Past a few hundred lines a list is not read; the rest is counted ("… and N more"). */
export const MAX_ITEMS_PER_SECTION = 250;
