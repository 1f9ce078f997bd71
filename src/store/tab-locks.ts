/**
 * One editing tab per project: the tab that edits a project holds a lock named after it, so a
 * second tab opening the same project learns it is open elsewhere instead of silently writing over
 * it. In the browser this is the Web Locks API (held for the life of the tab, released by the
 * browser when the tab closes); tests use the in-memory version below, shared by several "tabs".
 */
export interface LockHold {
  release(): void;
  /** Resolves when another tab takes the lock away ("Take over here" there). */
  readonly lost: Promise<void>;
}

export interface ProjectLocks {
  /** The lock now if no other tab holds it, or null. */
  tryClaim(name: string): Promise<LockHold | null>;
  /** The lock now, taken from whichever tab holds it. */
  steal(name: string): Promise<LockHold>;
  /** Resolves with the lock once the tab holding it lets go (closes, opens another project). */
  waitFor(name: string, signal: AbortSignal): Promise<LockHold>;
}

interface Held {
  hold: LockHold;
  granted: Promise<void>;
}

function holdVia(request: (callback: (lock: unknown) => Promise<void>) => Promise<unknown>): Held & { available: Promise<boolean> } {
  let release!: () => void;
  let grant!: (available: boolean) => void;
  const available = new Promise<boolean>((resolve) => (grant = resolve));
  const kept = new Promise<void>((resolve) => (release = resolve));
  const done = request(async (lock) => {
    grant(lock !== null);
    if (lock !== null) await kept;
  });
  // A stolen lock rejects the holder's request with AbortError; a normal release resolves it.
  const lost = done.then(() => new Promise<void>(() => {}), () => undefined);
  return { hold: { release, lost }, granted: available.then(() => undefined), available };
}

/** Web Locks; without them (very old browsers) every claim succeeds and the revision check alone guards saves. */
export function browserProjectLocks(locks: LockManager | undefined = globalThis.navigator?.locks): ProjectLocks {
  if (!locks) return unguardedLocks();
  return {
    async tryClaim(name) {
      const held = holdVia((callback) => locks.request(name, { ifAvailable: true }, callback));
      return (await held.available) ? held.hold : null;
    },
    async steal(name) {
      const held = holdVia((callback) => locks.request(name, { steal: true }, callback));
      await held.granted;
      return held.hold;
    },
    async waitFor(name, signal) {
      const held = holdVia((callback) => locks.request(name, { signal }, callback));
      // An aborted wait rejects the request before the callback runs: pass that on.
      await Promise.race([held.granted, new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))]);
      return held.hold;
    },
  };
}

function unguardedLocks(): ProjectLocks {
  const hold = (): LockHold => ({ release() {}, lost: new Promise(() => {}) });
  return {
    tryClaim: async () => hold(),
    steal: async () => hold(),
    waitFor: async () => hold(),
  };
}

/** Web Locks semantics in memory, for unit tests: every "tab" made from one hub shares its locks. */
export function memoryLockHub() {
  interface Entry { lose: () => void; release: () => void }
  const holders = new Map<string, Entry>();
  const waiters = new Map<string, (() => void)[]>();

  const grant = (name: string): LockHold => {
    let lose!: () => void;
    const lost = new Promise<void>((resolve) => (lose = resolve));
    const entry: Entry = {
      lose,
      release: () => {
        if (holders.get(name) !== entry) return;
        holders.delete(name);
        waiters.get(name)?.shift()?.();
      },
    };
    holders.set(name, entry);
    return { release: entry.release, lost };
  };

  return {
    locks(): ProjectLocks {
      return {
        tryClaim: async (name) => (holders.has(name) ? null : grant(name)),
        async steal(name) {
          const previous = holders.get(name);
          holders.delete(name);
          previous?.lose();
          return grant(name);
        },
        waitFor(name, signal) {
          if (!holders.has(name)) return Promise.resolve(grant(name));
          return new Promise((resolve, reject) => {
            const wake = () => resolve(grant(name));
            waiters.set(name, [...(waiters.get(name) ?? []), wake]);
            signal.addEventListener('abort', () => {
              waiters.set(name, (waiters.get(name) ?? []).filter((w) => w !== wake));
              reject(signal.reason);
            }, { once: true });
          });
        },
      };
    },
    /** Who holds what, for assertions. */
    held: (name: string) => holders.has(name),
  };
}
