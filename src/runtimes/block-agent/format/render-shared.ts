// A big agent offers the same tools in many blocks (a global tool under each of 50 blocks: 500 of
// the generated agent's 790 tool entries are repeats, and tool entries are two thirds of its
// file). Writing YAML is most of an export, so each distinct entry is written once, in a small
// document that puts it at the depth it has in the file (`blocks: - tools: - …`), and its text is
// spliced in wherever the entry stands. The result is the text the whole-file render writes
// (render-shared.test.ts compares them); anything this cannot vouch for returns undefined and
// the caller renders the whole file as before.
import { parse } from 'yaml';
import { deepEqual, type PlainObject } from './extra';

export interface RenderComments {
  /** One comment line(s) above the whole file. */
  header?: string;
  /** Comments above the nodes at these paths (e.g. a condition written differently than modelled). */
  before?: { path: (string | number)[]; comment: string }[];
}

type RenderProven = (data: PlainObject, comments?: RenderComments) => { text: string; scalarsReadBack: boolean };

/** Stands in for a tool entry in the file's skeleton: a one-pair map, so its list stays a block list. */
const MARKER = 'callboard-shared-tool-7f3a';
/** What the wrapper document writes above the entry: the entry's own lines follow, at their depth in the file. */
const WRAPPER_HEAD = 'blocks:\n  - tools:\n';
const ENTRY_INDENT = '      - ';
const MARKER_LINE = new RegExp(`^${ENTRY_INDENT}${MARKER}: (\\d+)$`, 'gm');

const isRecord = (value: unknown): value is PlainObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The render's text when it says exactly what `data` says: proven scalar by scalar, or else read
 * back whole (as renderWhole does); undefined when it does not, and the whole file decides.
 */
function provenText(render: RenderProven, data: PlainObject, comments?: RenderComments): string | undefined {
  const { text, scalarsReadBack } = render(data, comments);
  if (scalarsReadBack) return text;
  return deepEqual(parse(text, { uniqueKeys: false }), JSON.parse(JSON.stringify(data))) ? text : undefined;
}

export function renderSharedTools(data: PlainObject, comments: RenderComments, render: RenderProven): string | undefined {
  const blocks = data.blocks;
  if (!Array.isArray(blocks)) return undefined;
  // A comment placed inside a tool entry would be lost from a skeleton that holds none.
  if ((comments.before ?? []).some(({ path }) => path[0] === 'blocks' && path[2] === 'tools')) return undefined;
  const distinct = new Map<string, number>();
  const entries: PlainObject[] = [];
  let placed = 0;
  const seen = new Set<object>();
  const skeletonBlocks: unknown[] = [];
  for (const block of blocks) {
    if (!isRecord(block) || !Array.isArray(block.tools) || block.tools.length === 0) {
      skeletonBlocks.push(block);
      continue;
    }
    const tools: PlainObject[] = [];
    for (const tool of block.tools as unknown[]) {
      // The same object twice is written as an anchor and an alias by the whole-file render.
      if (!isRecord(tool) || seen.has(tool)) return undefined;
      seen.add(tool);
      const key = JSON.stringify(tool);
      // A text ending in a line break is written as a keep-chomped block, whose trailing lines
      // depend on what follows it in the file: such an entry is not written apart.
      if (key.includes('\\n"')) return undefined;
      let index = distinct.get(key);
      if (index === undefined) {
        index = entries.length;
        distinct.set(key, index);
        entries.push(tool);
      }
      tools.push({ [MARKER]: index });
      placed++;
    }
    skeletonBlocks.push({ ...block, tools });
  }
  // Nothing repeats: one document is less work than one per entry.
  if (entries.length === placed) return undefined;

  const texts: string[] = [];
  for (const entry of entries) {
    const text = provenText(render, { blocks: [{ tools: [entry] }] });
    if (text === undefined || !text.startsWith(WRAPPER_HEAD + ENTRY_INDENT) || !text.endsWith('\n')) return undefined;
    texts.push(text.slice(WRAPPER_HEAD.length, -1));
  }
  const skeleton = provenText(render, { ...data, blocks: skeletonBlocks }, comments);
  if (skeleton === undefined) return undefined;
  // Each marker line becomes its entry's text; a marker anywhere else (the agent's own text) or a
  // count that differs means the skeleton is not what was built, and the whole file is written instead.
  if (skeleton.split(MARKER).length - 1 !== placed) return undefined;
  let spliced = 0;
  const text = skeleton.replace(MARKER_LINE, (line, index: string) => {
    const entry = texts[Number(index)];
    if (entry === undefined) return line;
    spliced++;
    return entry;
  });
  return spliced === placed ? text : undefined;
}
