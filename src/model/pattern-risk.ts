// A screen for regular expressions from the document: V8's engine backtracks, and a crafted
// pattern such as ^(a+)+$ takes exponential time on a string like "aaaa…!". It is a hint, not the
// defence: no pattern of a document runs on the host's RegExp; every one runs with a deadline
// (model/bounded-pattern.ts: argument checks in the predicate sandbox, the offline model, the
// inspector's tester and lint's sample checks in the pattern sandbox), because a shape screen
// cannot be complete — fourteen adjacent [0-9]* pass it and take O(n^14). Lint reports what it
// finds (parameter-pattern-backtracks) and the tester shows it. It refuses the shapes behind
// catastrophic backtracking (a repeated group that itself repeats or alternates, a backreference,
// a very long pattern) and lets through the patterns tool schemas use (^\+?[0-9]{7,15}$,
// ^[A-Z][a-z]+(?: [A-Z][a-z]+)?$).

export const MAX_PATTERN_LENGTH = 1000;

interface Frame {
  repeats: boolean;
  alternates: boolean;
}

/** A quantifier at `i`: its length and whether it repeats (allows more than one), or null. */
function quantifierAt(pattern: string, i: number): { length: number; repeats: boolean } | null {
  const c = pattern[i];
  let length: number;
  let repeats = false;
  if (c === '*' || c === '+') {
    length = 1;
    repeats = true;
  } else if (c === '?') {
    length = 1;
  } else if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
    if (!m) return null;
    length = m[0].length;
    repeats = m[2] !== undefined ? m[3] === '' || Number(m[3]) > 1 : Number(m[1]) > 1;
  } else return null;
  if (pattern[i + length] === '?') length++; // lazy
  return { length, repeats };
}

/** Why `pattern` may take exponential time to match, or null. */
export function backtrackingRisk(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return `it is longer than ${MAX_PATTERN_LENGTH} characters`;
  const stack: Frame[] = [{ repeats: false, alternates: false }];
  let closed: Frame | null = null; // the group just closed, which a quantifier may follow
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i]!;
    const top = stack[stack.length - 1]!;
    const q = quantifierAt(pattern, i);
    if (q) {
      if (q.repeats) {
        if (closed && (closed.repeats || closed.alternates)) {
          return closed.repeats ? 'a repeated group repeats inside, like (a+)+' : 'a repeated group has alternatives, like (a|ab)*';
        }
        top.repeats = true;
      }
      closed = null;
      i += q.length;
      continue;
    }
    closed = null;
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (/[1-9]/.test(next) || next === 'k') return 'it has a backreference';
      const braced = /^[upP]\{[^}]*\}/.exec(pattern.slice(i + 1));
      i += 2 + (braced ? braced[0].length - 1 : 0);
    } else if (c === '[') {
      i++;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '(') {
      stack.push({ repeats: false, alternates: false });
      i++;
    } else if (c === ')') {
      const group = stack.length > 1 ? stack.pop()! : { repeats: false, alternates: false };
      const parent = stack[stack.length - 1]!;
      parent.repeats ||= group.repeats;
      closed = group;
      i++;
    } else {
      if (c === '|') top.alternates = true;
      i++;
    }
  }
  return null;
}
