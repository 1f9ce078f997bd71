// The bounds on one model answer, counted while it streams: its size (text and tool-call
// arguments, in UTF-8 bytes), the bytes on the wire (the stream's framing included, which the SDK
// buffers before any chunk reaches an assembler) and its total time. The idle timeout (guard.ts)
// only stops a server that goes silent; these stop one that never does — a server streaming
// forever once took the CLI to 576 MB in 60 s and the page's thread to a 180 s round trip.

/**
 * The wire may carry this many times the answer's bound. A streamed token costs 100-250 bytes of
 * JSON framing for 3-5 bytes of text, so a real answer's wire is tens of times its text; a bound
 * this loose is never met by an answer under its size bound that is also under a model's output
 * limit (tens of thousands of tokens: a few MB of wire at most).
 */
export const WIRE_FACTOR = 16;

export { formatSize, utf8Length } from '../../model/size';

/** A duration for people: "5 min", "90 s", "1.5 s". */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60} min`;
  return `${Math.round(seconds * 10) / 10} s`;
}

/**
 * A running total with a ceiling: `add` says whether the total is still within it. Once past, it
 * stays past and refuses everything after, so a caller that keeps only what was accepted never
 * holds more than the bound plus one piece.
 */
export class BoundedCount {
  private total = 0;
  private over = false;
  constructor(readonly limit: number) {}

  add(bytes: number): boolean {
    if (this.over) return false;
    this.total += bytes;
    if (this.total > this.limit) this.over = true;
    return !this.over;
  }

  get count(): number {
    return this.total;
  }

  get passed(): boolean {
    return this.over;
  }
}

/**
 * A fetch that counts the response body's bytes as they arrive and errors the body as soon as
 * `received` refuses them, so neither the SDK's line buffer nor anything after it holds more.
 *
 * A chunk that would pass the wire's bound is handed over only up to the bound, and the bound is
 * called passed at the next chunk or at the end: the reader asks for that only once it has read
 * what it was given (a TransformStream's readable side holds nothing ahead), so the text in it is
 * counted against the answer's own, tighter, bound first. On a slow machine a server streaming
 * forever arrives in big chunks; without this, which of the two bounds it was stopped at, and so
 * what the person was told, depended on the machine's load.
 */
export function meteredFetch(received: (bytes: number) => boolean, room: () => number = () => Infinity): typeof fetch {
  return async (input, init) => {
    // Called through globalThis: a browser's fetch refuses any other `this`.
    const response = await globalThis.fetch(input, init);
    if (!response.body) return response;
    let heldBack = 0;
    const passed = (controller: TransformStreamDefaultController<Uint8Array>) => {
      received(heldBack);
      controller.error(new Error('The answer passed its bound.'));
    };
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (heldBack > 0) {
          heldBack += chunk.byteLength;
          passed(controller);
          return;
        }
        const left = room();
        if (chunk.byteLength > left && left > 0) {
          if (received(left)) controller.enqueue(chunk.subarray(0, left));
          heldBack = chunk.byteLength - left;
          return;
        }
        if (received(chunk.byteLength)) controller.enqueue(chunk);
        else controller.error(new Error('The answer passed its bound.'));
      },
      flush(controller) {
        if (heldBack > 0) passed(controller);
      },
    });
    return new Response(response.body.pipeThrough(counter), { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
