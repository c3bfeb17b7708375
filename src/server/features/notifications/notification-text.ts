const PREVIEW_MAX = 140;

/** A notification shows the start of a chat message (or a reason), on one line. */
export function previewOf(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_MAX ? `${line.slice(0, PREVIEW_MAX - 1)}…` : line;
}
