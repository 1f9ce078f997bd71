/** A JSON pointer (RFC 6901) from path segments; `~` and `/` inside a key are escaped. */
export function pointer(...segments: (string | number)[]): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** The value a JSON pointer names inside `root`, or undefined when it names nothing. */
export function resolvePointer(root: unknown, path: string): { found: boolean; value: unknown } {
  if (path === '' || path === '/') return { found: true, value: root };
  let current: unknown = root;
  for (const raw of path.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object' || !Object.prototype.hasOwnProperty.call(current, key)) {
      return { found: false, value: undefined };
    }
    current = (current as Record<string, unknown>)[key];
  }
  return { found: true, value: current };
}
