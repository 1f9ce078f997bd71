/**
 * The text without spaces or tabs at the ends of its lines (line breaks kept as written). What a
 * prose field keeps when an edit ends: trailing spaces are invisible in an editor and would reach
 * the export and the model's prompt unseen.
 */
export function trimLineEnds(text: string): string {
  return text.replace(/[ \t\u00a0]+(?=\r?\n|$)/g, '');
}
