/** The trailer that ties a commit to the workline it was made in; its commits do not make the workline's records stale. */
export const WORKLINE_TRAILER = "Adrift-Workline";

const TRAILER_LINE = /^[A-Za-z0-9-]+:\s/;

/**
 * The commit message with `Adrift-Workline: <id>` added as a trailer, or undefined when nothing
 * should change: the trailer is already there, or the message is still empty (a trailer alone
 * would turn an aborted commit into a real one). Comment lines (git's template) stay last.
 */
export function withWorklineTrailer(
  message: string,
  id: string,
  comment = "#",
): string | undefined {
  const lines = message.replace(/\r\n/g, "\n").split("\n");
  let end = lines.length;
  while (end > 0 && (lines[end - 1]!.trim() === "" || lines[end - 1]!.startsWith(comment))) end--;
  const body = lines.slice(0, end);
  if (body.every((l) => l.startsWith(comment) || l.trim() === "")) return undefined;
  if (body.some((l) => l.trim() === `${WORKLINE_TRAILER}: ${id}`)) return undefined;
  // Join the last paragraph when it is already a trailer block; otherwise start one.
  let start = body.length;
  while (start > 0 && body[start - 1]!.trim() !== "") start--;
  const lastIsTrailers =
    start > 0 && body.slice(start).every((l) => TRAILER_LINE.test(l) || l.startsWith(comment));
  const added = [...body, ...(lastIsTrailers ? [] : [""]), `${WORKLINE_TRAILER}: ${id}`];
  const rest = lines.slice(end);
  return [...added, ...rest].join("\n") + (rest.length === 0 ? "\n" : "");
}
