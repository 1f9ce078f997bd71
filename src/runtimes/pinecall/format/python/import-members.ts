// The class's state fields (annotated attributes, `state(…)`), and the TypeScript members an export
// kept as comments, read back.
import type { SyntaxNode } from '@lezer/common';
import type { StateField } from '../../../../model';
import { newId } from '../../../../model/ids';
import { withoutNone, type HintReader } from './import-hint';
import type { Reading } from './import-reading';
import type { PyType } from './py-type';
import { callArguments, literalOf, stringOf } from './py-tree';

/** A field's hint as the document's type: what the export writes back as that hint (`str`, `int`, `float`, `bool`, `list`, `dict`). */
function fieldType(type: PyType): StateField['type'] {
  const value = withoutNone(type) ?? { kind: 'any' };
  switch (value.kind) {
    case 'scalar':
      return ({ str: 'string', int: 'integer', float: 'number', bool: 'boolean', None: 'string' } as const)[value.name];
    case 'list':
      return 'array';
    case 'dict':
    case 'typed':
      return 'object';
    case 'literal':
      return typeof value.values[0] === 'number' ? 'integer' : 'string';
    default:
      return 'string';
  }
}

const KEPT_TS_MARK = '# Kept from the TypeScript class, not run here: port to Python.';

/** The TypeScript members the export kept as comments (its marker, then `# <line>`s), and any other comments. */
export function readKeptTypeScript(comments: string[]): { typescript?: string; comments: string[] } {
  const at = comments.findIndex((c) => c.trim() === KEPT_TS_MARK);
  if (at < 0) return { comments };
  const lines = comments.slice(at + 1).map((c) => (c.trim() === '#' ? '' : c.trim().replace(/^# /, '')));
  return { typescript: lines.join('\n'), comments: comments.slice(0, at) };
}

/** A state field: its hint's type, its default (or `state(…)`'s), and the comment above it as its description. */
export function readField(r: Reading, hints: HintReader, name: string, hint: SyntaxNode, value: SyntaxNode | undefined, comments: string[]): StateField | undefined {
  const file = r.file;
  const read = hints.read(hint, [name]);
  if (!read.ok) {
    r.error(read.node, `${name}: ${read.message}`);
    return undefined;
  }
  const type = fieldType(read.type);
  let pii = false;
  let visibility: StateField['visibility'] = 'private';
  let defaultNode = value;
  if (value?.name === 'CallExpression' && file.of(value.firstChild!) === 'state') {
    const args = callArguments(file, value)!;
    defaultNode = args.positional[0] ?? args.named.get('default')?.value;
    const piiArg = args.named.get('pii')?.value;
    if (piiArg) pii = file.of(piiArg) === 'True';
    const vis = args.named.get('visibility')?.value;
    const said = vis && stringOf(file, vis);
    if (said === 'pii') pii = true;
    else if (said === 'public') visibility = 'public';
    else if (said !== undefined && said !== 'tenant') r.warn(vis!, `visibility is "public", "tenant" or "pii"; ${JSON.stringify(said)} is read as tenant`);
  }
  let defaultValue: unknown;
  if (defaultNode) {
    const literal = literalOf(file, defaultNode);
    if (!literal.ok) {
      r.error(defaultNode, `${name}'s default is code (${file.of(defaultNode).slice(0, 40)}); Callboard reads a literal default (a string, number, True/False/None, a list or dict of them): compute the value in on_call instead`);
      return undefined;
    }
    defaultValue = literal.value;
  }
  return {
    id: newId(), name, type, pii, visibility,
    ...(defaultValue !== undefined && defaultValue !== null ? { default: defaultValue } : {}),
    ...(comments.length ? { description: comments.join('\n') } : {}),
  };
}

