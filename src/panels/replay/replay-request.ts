// Which step the user asked to replay from: set by the chat's "Replay from here", read by the
// replay view. Page-wide like the LLM settings dialog's flag; `seq` makes a second ask a new replay.
import { useSyncExternalStore } from 'react';

export interface ReplayRequest {
  fromIndex: number;
  seq: number;
}

let request: ReplayRequest | null = null;
let seq = 0;
const listeners = new Set<() => void>();

function set(next: ReplayRequest | null) {
  request = next;
  for (const listener of listeners) listener();
}

export const openReplay = (fromIndex: number) => set({ fromIndex, seq: ++seq });
export const closeReplay = () => set(null);

export function useReplayRequest(): ReplayRequest | null {
  return useSyncExternalStore((l) => (listeners.add(l), () => listeners.delete(l)), () => request);
}
