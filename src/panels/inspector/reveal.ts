import { createContext, useContext } from 'react';

/** The spot a problem asked to reveal, as a path inside the selected entity; `tick` repeats a request. */
export interface RevealRequest {
  rest: string;
  tick: number;
}

export const RevealContext = createContext<RevealRequest | null>(null);

export const useRevealRequest = () => useContext(RevealContext);

/** A JSON pointer segment (RFC 6901). */
export const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
