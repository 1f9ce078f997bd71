// The session's transcript, change log and trace are append-only lists whose entries no step
// changes once written (copySession copies the arrays and shares the entries). What is read off
// such a list can then be carried from one step to the next: a reader remembers the entries it
// read, and a later list that begins with those very entries (===) is read from where it stopped.
// A list that differs earlier (an edited or replaced entry, a run restarted from an earlier step)
// is noticed by that comparison, and read again from where it first differs.

/** How many leading entries `list` shares (===) with `seen`; the first `known` are known to be shared. */
export function sharedPrefix<T>(list: readonly T[], seen: readonly T[], known = 0): number {
  const n = Math.min(list.length, seen.length);
  let i = Math.min(known, n);
  while (i < n && list[i] === seen[i]) i++;
  return i;
}

/**
 * Where a reader can start comparing `list` with what it read: the same array object as last time
 * is compared from where that comparison ended (a step appends to its own copy of the lists and
 * reads them again after each model call; an array's entries are appended, never replaced), and
 * so is a copy made of that array (noteCopy: the next step's copy of the session's lists).
 */
export interface Compared<T> {
  array?: readonly T[];
  /** Leading entries of `array` found shared last time. */
  upTo: number;
}

/** Each copy's source (held weakly: a chain of copies must not keep every older list alive) and how much of it the copy began with. */
const copies = new WeakMap<readonly unknown[], { source: WeakRef<readonly unknown[]>; length: number }>();

/** `copy` was made as the first `length` entries of `source`, and only appended to since (copySession). */
export function noteCopy<T>(copy: readonly T[], source: readonly T[], length = source.length): void {
  copies.set(copy, { source: new WeakRef(source), length });
}

/** sharedPrefix of `list` with `seen`, going on from `compared` when `list` is the array compared last or a copy of it; remembers `list`. */
export function sharedPrefixFrom<T>(list: readonly T[], seen: readonly T[], compared: Compared<T>): number {
  let known = 0;
  if (compared.array === list) known = compared.upTo;
  else {
    const copy = copies.get(list);
    if (copy && compared.array !== undefined && copy.source.deref() === compared.array) known = Math.min(compared.upTo, copy.length);
  }
  const same = sharedPrefix(list, seen, known);
  compared.array = list;
  compared.upTo = same;
  return same;
}
