// How the mock cuts text into stream pieces: small enough that every client must join deltas,
// as real servers make them (a word or part of one per chunk).

/** Words with their following space; long words cut every 6 characters. */
export function splitText(text: string): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  return words.flatMap((word) => cut(word, 6));
}

/** Tool-call arguments in pieces of 7 characters, so any JSON longer than that spans chunks. */
export function splitArguments(json: string): string[] {
  return cut(json, 7);
}

function cut(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}

/** A rough, deterministic token count (about four characters a token). */
export function roughTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}
