// The last line of defence for the API-key rule: bench output is refused when it holds the key.

/** Throws, naming where, when `secret` appears anywhere in `outputs` (file name → text). */
export function assertNoSecret(outputs: Record<string, string>, secret: string): void {
  if (secret.length < 8) throw new Error('the sentinel key is too short to search for reliably');
  const leaks = Object.entries(outputs).filter(([, text]) => text.includes(secret)).map(([name]) => name);
  if (leaks.length > 0) {
    throw new Error(`refusing to write bench results: the API key appears in ${leaks.join(', ')}; find what copied it there and remove it`);
  }
}
