/**
 * The order of a class's members and the blank lines between them. A class written by hand puts
 * its getters beside its fields and its helpers between its tools; the export lays members out as
 * the imported class did (kept in `preserved.pinecall.memberOrder`), so a round trip is
 * byte-identical. A member the class did not have goes after the last one of its kind.
 */

export type MemberKind = 'state' | 'stage' | 'render' | 'tool' | 'member';

/** One member as the exporter wrote it: its key (preserved.ts `memberKey`, or `member:<i>`), its text ending in a line break. */
export interface LaidMember {
  key: string;
  kind: MemberKind;
  text: string;
}

/** Where a member stood in the imported class: its key, and whether a blank line came before it. */
export interface MemberSlot {
  key: string;
  gap: boolean;
}

const KIND_ORDER: readonly MemberKind[] = ['state', 'stage', 'render', 'tool', 'member'];
const isField = (kind: MemberKind) => kind === 'state' || kind === 'stage';

/** The exporter's own layout: fields together at the top, then each other member after a blank line. */
const defaultGap = (kind: MemberKind, previous: MemberKind | undefined) => previous !== undefined && !(isField(kind) && isField(previous));

export const otherMemberKey = (index: number): string => `member:${index}`;

/** The class body between its braces. */
export function layMembers(items: readonly LaidMember[], order: readonly MemberSlot[] | undefined): string {
  const placed: { item: LaidMember; gap?: boolean }[] = [];
  const byKey = new Map(items.map((item) => [item.key, item]));
  for (const slot of order ?? []) {
    const item = byKey.get(slot.key);
    if (!item) continue;
    byKey.delete(slot.key);
    placed.push({ item, gap: slot.gap });
  }
  for (const item of items) {
    if (!byKey.has(item.key)) continue;
    const rank = KIND_ORDER.indexOf(item.kind);
    let at = placed.length;
    const lastOfKind = placed.map((p) => p.item.kind).lastIndexOf(item.kind);
    if (lastOfKind >= 0) at = lastOfKind + 1;
    else {
      const later = placed.findIndex((p) => KIND_ORDER.indexOf(p.item.kind) > rank);
      if (later >= 0) at = later;
    }
    placed.splice(at, 0, { item });
  }
  return placed.map(({ item, gap }, i) => {
    const blank = i === 0 ? gap === true : gap ?? defaultGap(item.kind, placed[i - 1].item.kind);
    return (blank ? '\n' : '') + item.text;
  }).join('');
}

const kindOfKey = (key: string): MemberKind =>
  key === 'stage' ? 'stage' : key === 'render' ? 'render' : key.startsWith('state:') ? 'state' : key.startsWith('tool:') ? 'tool' : 'member';

/** Whether the exporter would lay these members out this way anyway (then nothing needs keeping). */
export function isDefaultLayout(slots: readonly MemberSlot[]): boolean {
  const kinds = slots.map((s) => kindOfKey(s.key));
  const ranks = kinds.map((k) => KIND_ORDER.indexOf(k));
  if (ranks.some((rank, i) => i > 0 && rank < ranks[i - 1])) return false;
  return slots.every((slot, i) => slot.gap === (i === 0 ? false : defaultGap(kinds[i], kinds[i - 1])));
}
