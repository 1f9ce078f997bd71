/**
 * Where a JSON pointer lands in a JSON text: the range of the member (key and value) or array
 * item it names, or of the deepest part of it that exists. Used to reveal a problem's path in
 * the JSON editor. A small scanner rather than JSON.parse, which forgets offsets.
 */
export interface JsonRange {
  start: number;
  end: number;
  /** True when the whole pointer was found; false when only a prefix of it exists. */
  exact: boolean;
  /** How many pointer segments were found. */
  depth: number;
}

type Node =
  | { kind: 'object'; start: number; end: number; members: { key: string; start: number; value: Node }[] }
  | { kind: 'array'; start: number; end: number; items: Node[] }
  | { kind: 'scalar'; start: number; end: number };

const SCALAR = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;

class Scanner {
  i = 0;
  constructor(private readonly text: string) {}

  fail(): never {
    throw new SyntaxError(`unexpected input at ${this.i}`);
  }

  ws() {
    while (this.i < this.text.length && /\s/.test(this.text[this.i])) this.i++;
  }

  string(): string {
    const start = this.i;
    if (this.text[this.i] !== '"') this.fail();
    this.i++;
    while (this.i < this.text.length && this.text[this.i] !== '"') this.i += this.text[this.i] === '\\' ? 2 : 1;
    if (this.i >= this.text.length) this.fail();
    this.i++;
    return JSON.parse(this.text.slice(start, this.i)) as string;
  }

  value(): Node {
    this.ws();
    const start = this.i;
    const c = this.text[this.i];
    if (c === '{') {
      this.i++;
      const members: { key: string; start: number; value: Node }[] = [];
      this.ws();
      if (this.text[this.i] === '}') {
        this.i++;
        return { kind: 'object', start, end: this.i, members };
      }
      for (;;) {
        this.ws();
        const keyStart = this.i;
        const key = this.string();
        this.ws();
        if (this.text[this.i] !== ':') this.fail();
        this.i++;
        members.push({ key, start: keyStart, value: this.value() });
        this.ws();
        if (this.text[this.i] === ',') this.i++;
        else if (this.text[this.i] === '}') {
          this.i++;
          return { kind: 'object', start, end: this.i, members };
        } else this.fail();
      }
    }
    if (c === '[') {
      this.i++;
      const items: Node[] = [];
      this.ws();
      if (this.text[this.i] === ']') {
        this.i++;
        return { kind: 'array', start, end: this.i, items };
      }
      for (;;) {
        items.push(this.value());
        this.ws();
        if (this.text[this.i] === ',') this.i++;
        else if (this.text[this.i] === ']') {
          this.i++;
          return { kind: 'array', start, end: this.i, items };
        } else this.fail();
      }
    }
    if (c === '"') {
      this.string();
      return { kind: 'scalar', start, end: this.i };
    }
    // Sticky, from here: matching against text.slice(i) copied the rest of the text at every number.
    SCALAR.lastIndex = this.i;
    const m = SCALAR.exec(this.text);
    if (!m) this.fail();
    this.i += m[0].length;
    return { kind: 'scalar', start, end: this.i };
  }
}

export function pointerSegments(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer.replace(/^\//, '').split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function locateJsonPointer(text: string, pointer: string): JsonRange | undefined {
  return jsonPointerLocator(text)(pointer);
}

/** locateJsonPointer for many pointers into one text: the text is scanned once (the CLI locates every lint problem). */
export function jsonPointerLocator(text: string): (pointer: string) => JsonRange | undefined {
  let root: Node | undefined;
  try {
    root = new Scanner(text).value();
  } catch {
    root = undefined;
  }
  return (pointer) => (root ? locateIn(root, pointer) : undefined);
}

function locateIn(root: Node, pointer: string): JsonRange {
  const segments = pointerSegments(pointer);
  let node = root;
  let range = { start: root.start, end: root.end };
  let depth = 0;
  for (const segment of segments) {
    if (node.kind === 'object') {
      const member = node.members.findLast((m) => m.key === segment);
      if (!member) break;
      range = { start: member.start, end: member.value.end };
      node = member.value;
    } else if (node.kind === 'array' && /^\d+$/.test(segment) && Number(segment) < node.items.length) {
      node = node.items[Number(segment)];
      range = { start: node.start, end: node.end };
    } else break;
    depth++;
  }
  return { ...range, exact: depth === segments.length, depth };
}
