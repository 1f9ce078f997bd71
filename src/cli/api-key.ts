// The API key of `simulate` and `test`: where it comes from, and the output it never reaches.
// Both commands take it the same way and scrub it the same way, so they go through here.
import { UsageError, type CliIo } from './io';

/** Where a key may come from besides --api-key (never printed, never in a URL). */
export const API_KEY_ENV = 'CALLBOARD_API_KEY';

/** A key shorter than this is not scrubbed: a real key is long, and scrubbing a short test value would garble ordinary words. */
const MIN_SCRUBBED_KEY = 8;

/** What the key depends on: the provider (offline needs none) and --api-key. */
export interface KeyArgs {
  provider: string;
  apiKey?: string;
}

/** The key: --api-key, else CALLBOARD_API_KEY; none for the offline provider. A provider without one is a usage error. */
export function apiKeyOf(args: KeyArgs, io: CliIo, command: string): string | undefined {
  if (args.provider === 'offline') return undefined;
  const key = args.apiKey?.trim() || io.env?.(API_KEY_ENV)?.trim();
  if (!key) throw new UsageError(`--provider ${args.provider} needs an API key: pass --api-key KEY, or set ${API_KEY_ENV} in the environment`, command);
  return key;
}

/**
 * The io every line and file of the command goes through: should a provider's message or a stack
 * ever quote the key, it is replaced by `***` before it reaches the terminal or a report (defence
 * in depth: nothing is meant to print it).
 */
export function keyScrubbingIo(io: CliIo, key: string | undefined): CliIo {
  if (!key || key.length < MIN_SCRUBBED_KEY) return io;
  const scrub = (text: string) => text.split(key).join('***');
  return { ...io, out: (text) => io.out(scrub(text)), err: (text) => io.err(scrub(text)), writeText: (path, text) => io.writeText(path, scrub(text)) };
}

/** Both at once: the key a command's provider needs, and the io that never shows it. */
export function withApiKey(args: KeyArgs, rawIo: CliIo, command: string): { key: string | undefined; io: CliIo } {
  const key = apiKeyOf(args, rawIo, command);
  return { key, io: keyScrubbingIo(rawIo, key) };
}
