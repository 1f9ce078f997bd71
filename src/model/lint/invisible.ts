// Invisible and look-alike text (security issue 30, points 6 and 11). An agent file is untrusted:
// an instruction spelled in Unicode tag characters, or reordered by a right-to-left override, is
// read by the model and seen by no reviewer; a stage named `verify` with a zero-width space, or a
// turn id with a Cyrillic е, sits beside the real one and is referenced in its place.
//
// Every string of the document is read — what the model is sent (persona, instructions, tool and
// parameter descriptions, enum values, confirm and announce, mocks), what an export writes back
// (kept code, render() views, Block Agent keys) — and every object key. Names and ids are held to
// "no invisible character at all"; text to "none that hides or reorders" (error) and "none that
// no one can see" (warning: a soft hyphen or a stray zero-width space is more often pasted than
// planted).
import { confusableScripts, skeleton } from '../confusables';
import { describeCodePoint, findInvisible, quoteHidden, revealInvisible, SEVERE_KINDS, type InvisibleRun } from '../invisible';
import { positionAt } from '../text-position';
import type { AgentDocument } from '../types';
import { pointer } from './pointer';
import type { Finding, LintContext, ProblemEntity } from './types';

type Segment = string | number;

/** String values that are names or ids (each one declared once, at its entity, or a name list). */
const NAME_KEYS = new Set(['id', 'name', 'ref', 'field', 'waitToken', 'serverLabel']);
const NAME_LISTS = new Set(['required', 'pii', 'allowedTools', 'tools', 'not_tools']);
/**
 * References to ids declared elsewhere: an invisible character in one is reported where the id is
 * declared (or the reference names nothing, which its own rule reports), not once per use. The
 * layout is keyed by those ids too.
 */
const REFERENCES = new Set(['from', 'to', 'blockId', 'toolId', 'entryStageId', 'stageIds', 'blockIds', 'connectTo', 'layout']);

const COLLECTIONS: Record<string, ProblemEntity['kind']> = { stages: 'stage', blocks: 'block', tools: 'tool', state: 'state', edges: 'edge' };

/** Whose the place is (what a click on the problem selects) and how the message names it. */
function owner(doc: AgentDocument, segs: Segment[]): { entity: ProblemEntity; label: string; field: Segment[] } {
  const [head, index, ...field] = segs;
  const kind = typeof head === 'string' ? COLLECTIONS[head] : undefined;
  if (kind && typeof index === 'number') {
    const item = (doc[head as 'stages'] as { id: string; name?: string; from?: string; to?: string }[])[index];
    if (item) {
      const stageName = (id: string | undefined) => doc.stages.find((s) => s.id === id)?.name ?? '?';
      const name = kind === 'edge' ? `${stageName(item.from)} → ${stageName(item.to)}` : item.name || `#${index + 1}`;
      return { entity: { kind, id: item.id }, label: `${kind === 'state' ? 'state field' : kind} ${revealInvisible(name)}`, field };
    }
  }
  if (head === 'tests' && typeof index === 'number') {
    return { entity: { kind: 'agent' }, label: `test ${revealInvisible(doc.tests?.[index]?.name ?? `#${index + 1}`)}`, field };
  }
  return { entity: { kind: 'agent' }, label: '', field: segs };
}

const fieldText = (field: Segment[]): string => field.map(String).join('.') || 'the value';

function runWords(run: InvisibleRun, text: string, name: boolean): { what: string; delete: string } {
  const n = run.codePoints.length;
  const { line, column } = positionAt(text, run.start);
  const at = text.includes('\n') ? `at line ${line}, column ${column}` : `at character ${column}`;
  const them = n === 1 ? 'it' : 'them';
  if (run.kind === 'tag') {
    const what = run.hidden !== undefined
      ? `hides the text '${quoteHidden(run.hidden)}' in ${n} invisible Unicode tag character${n === 1 ? '' : 's'} (U+E0000–U+E007F) ${at}: the model reads it, no one sees it`
      : `holds ${n} invisible Unicode tag character${n === 1 ? '' : 's'} (U+E0000–U+E007F) ${at}, which no one sees`;
    return { what, delete: `delete ${them}` };
  }
  if (run.kind === 'variation-selector' && run.hidden !== undefined) {
    return { what: `hides the text '${quoteHidden(run.hidden)}' in ${n} variation selectors ${at} (one byte each): the model reads them, no one sees them`, delete: 'delete them' };
  }
  const chars = [...new Set(run.codePoints)].map(describeCodePoint);
  const list = chars.length > 3 ? `${chars.slice(0, 3).join(', ')}…` : chars.join(', ');
  const counted = n === 1 ? list : `${n} invisible characters (${list})`;
  const why = run.kind === 'bidi-control'
    ? 'which shows the text after it in another order than the model (or the runtime) reads it'
    : name ? 'which no one sees' : 'which no one sees and the model reads';
  return { what: `holds ${counted} ${at}, ${why}`, delete: `delete ${them}` };
}

/** Tag characters, bidi overrides and anything that spells a hidden text (variation selectors carrying bytes): no legitimate use in a prompt. */
const hides = (run: InvisibleRun): boolean => SEVERE_KINDS.has(run.kind) || run.hidden !== undefined;

/** The findings of one string: one per rule, about its first run, with a count of the rest. */
function stringFindings(doc: AgentDocument, segs: Segment[], text: string, isKey: boolean, isName: boolean): Finding[] {
  const runs = findInvisible(text);
  if (runs.length === 0) return [];
  const { entity, label, field } = owner(doc, segs);
  const path = pointer(...segs);
  const place = isKey ? `${fieldText(field.slice(0, -1))} key ${revealInvisible(text)}` : fieldText(field);
  const prefix = label ? `${label}: ` : '';
  const groups: [Finding['rule'], InvisibleRun[]][] = isName
    ? [['name-invisible-character', runs]]
    : [['text-hidden-characters', runs.filter(hides)], ['text-invisible-character', runs.filter((r) => !hides(r))]];
  const out: Finding[] = [];
  for (const [rule, group] of groups) {
    if (group.length === 0) continue;
    const { what, delete: fix } = runWords(group[0], text, isName);
    const more = group.length > 1 ? ` (and ${group.length - 1} more such run${group.length > 2 ? 's' : ''} in this text)` : '';
    const seen = isName ? `: it reads as ${JSON.stringify(withoutRuns(text, runs))} and is another name` : '';
    out.push({ rule, path, entity, message: `${prefix}${place} ${what}${seen}${more}; ${fix}` });
  }
  return out;
}

const withoutRuns = (text: string, runs: InvisibleRun[]): string => {
  let out = '';
  let at = 0;
  for (const run of runs) { out += text.slice(at, run.start); at = run.end; }
  return out + text.slice(at);
};

/**
 * Every string and key of the document, with its path; references to ids and the layout are
 * skipped (see REFERENCES). One path array is pushed and popped as the walk goes (lint runs on
 * every edit of agents with tens of thousands of strings): `visit` copies it when it keeps it.
 */
function walk(value: unknown, segs: Segment[], visit: (segs: Segment[], text: string, isKey: boolean, isName: boolean) => void): void {
  if (typeof value === 'string') {
    const last = segs[segs.length - 1];
    const parent = segs[segs.length - 2];
    const isName = (typeof last === 'string' && NAME_KEYS.has(last)) || (typeof last === 'number' && typeof parent === 'string' && NAME_LISTS.has(parent));
    visit(segs, value, false, isName);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      segs.push(i);
      walk(value[i], segs, visit);
      segs.pop();
    }
    return;
  }
  for (const key of Object.keys(value)) {
    if (REFERENCES.has(key)) continue;
    segs.push(key);
    visit(segs, key, true, true);
    walk((value as Record<string, unknown>)[key], segs, visit);
    segs.pop();
  }
}

/** Tag characters, bidi controls, zero-width and other invisible characters, in any text and any name. */
export function checkInvisibleCharacters(ctx: LintContext): Finding[] {
  const out: Finding[] = [];
  walk(ctx.doc, [], (segs, text, isKey, isName) => {
    if (findInvisible(text).length) out.push(...stringFindings(ctx.doc, [...segs], text, isKey, isName));
  });
  return out;
}

interface NameEntry {
  /** "stage verify", "tool book", "parameter date of tool book": how the message names it. */
  what: string;
  value: string;
  path: string;
  entity: ProblemEntity;
}

/** The names a reference can point at: stages (name and turn_id), blocks (name and block_id), tools and state fields; parameters per tool. */
function nameGroups(doc: AgentDocument): NameEntry[][] {
  const shared: NameEntry[] = [];
  doc.stages.forEach((s, i) => {
    const entity = { kind: 'stage' as const, id: s.id };
    shared.push({ what: `stage ${s.name}`, value: s.name, path: pointer('stages', i, 'name'), entity });
    if (s.ref !== s.name) shared.push({ what: `stage ${s.name}'s ref (turn_id) ${s.ref}`, value: s.ref, path: pointer('stages', i, 'ref'), entity });
  });
  doc.blocks.forEach((b, i) => {
    const entity = { kind: 'block' as const, id: b.id };
    shared.push({ what: `block ${b.name}`, value: b.name, path: pointer('blocks', i, 'name'), entity });
    if (b.ref !== b.name) shared.push({ what: `block ${b.name}'s ref (block_id) ${b.ref}`, value: b.ref, path: pointer('blocks', i, 'ref'), entity });
  });
  doc.tools.forEach((t, i) => shared.push({ what: `tool ${t.name}`, value: t.name, path: pointer('tools', i, 'name'), entity: { kind: 'tool', id: t.id } }));
  doc.state.forEach((f, i) => shared.push({ what: `state field ${f.name}`, value: f.name, path: pointer('state', i, 'name'), entity: { kind: 'state', id: f.id } }));
  const perTool = doc.tools.map((t, i) => Object.keys(t.parameters?.properties ?? {}).map((name) => ({
    what: `parameter ${name} of tool ${t.name}`, value: name, path: pointer('tools', i, 'parameters', 'properties', name), entity: { kind: 'tool' as const, id: t.id },
  })));
  return [shared, ...perTool];
}

// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/**
 * Two names that differ only by invisible characters or by letters that look alike (UTS #39
 * skeletons, src/model/confusables.ts) are one name to a reader and two to the runtime. Reported
 * at the name that holds the odd character, naming the other. Names of plain ASCII that happen
 * to share a skeleton (`l1` and `ll`) are left alone: no attack needs them and a code font tells
 * them apart.
 */
export function checkConfusableNames(ctx: LintContext): Finding[] {
  const out: Finding[] = [];
  for (const group of nameGroups(ctx.doc)) {
    // Only a name with a character past ASCII can be the odd one of a pair: a group of ASCII names has none (lint runs on every edit).
    if (group.every((e) => ASCII.test(e.value))) continue;
    const bySkeleton = new Map<string, NameEntry[]>();
    for (const entry of group) {
      if (!entry.value) continue;
      const key = skeleton(entry.value);
      bySkeleton.set(key, [...(bySkeleton.get(key) ?? []), entry]);
    }
    for (const entries of bySkeleton.values()) {
      const values = new Set(entries.map((e) => e.value));
      if (values.size < 2) continue;
      // The plainest spelling stands for "the real one": ASCII without invisible characters, first come.
      const real = entries.find((e) => ASCII.test(e.value) && findInvisible(e.value).length === 0) ?? entries[0];
      for (const entry of entries) {
        if (entry.value === real.value || ASCII.test(entry.value)) continue;
        out.push({
          rule: 'name-confusable', path: entry.path, entity: entry.entity,
          message: `${revealInvisible(entry.what)} looks like ${real.what} but is another name (${difference(entry.value, real.value)}); a reference to one can be read as the other: rename it, or write it as ${JSON.stringify(real.value)} if it is meant to be the same`,
        });
      }
    }
  }
  return out;
}

/** What sets two look-alike names apart, as the message says it: the first character that differs. */
function difference(odd: string, real: string): string {
  const runs = findInvisible(odd);
  if (runs.length) return `it holds ${describeCodePoint(runs[0].codePoints[0])}`;
  const a = [...odd];
  const b = [...real];
  const i = a.findIndex((ch, k) => ch !== b[k]);
  const ch = a[i] ?? a[a.length - 1];
  const script = confusableScripts(ch)[0] ?? 'another';
  return `its ${JSON.stringify(ch)} is U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}, a ${script} letter, not ${JSON.stringify(b[i] ?? '')}`;
}

/** A name mixing Latin, Cyrillic and Greek letters: how a look-alike is made, even before its twin exists. */
export function checkMixedScriptNames(ctx: LintContext): Finding[] {
  const out: Finding[] = [];
  for (const group of nameGroups(ctx.doc)) {
    for (const entry of group) {
      if (ASCII.test(entry.value)) continue;
      const scripts = confusableScripts(entry.value);
      if (scripts.length < 2) continue;
      out.push({
        rule: 'name-mixed-script', path: entry.path, entity: entry.entity,
        message: `${entry.what} mixes ${scripts.join(' and ')} letters in one name, which is how a look-alike of another name is made; write it in one script`,
      });
    }
  }
  return out;
}
