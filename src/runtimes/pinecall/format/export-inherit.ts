import type { AgentDocument, StateField, Tool } from '../../../model';
import { getOwn } from '../../../model/own';
import type { PinecallPreserved } from './preserved';
import { sameJson } from './same-json';

/**
 * What a base class of the same file still declares as it was read (import-inherit.ts): the
 * subclass does not write it again. An inherited entity edited in Callboard is written in the
 * subclass, where it overrides the base's (a method, a field initializer, the stage field).
 */
export function inheritedFrom(preserved: PinecallPreserved) {
  const inherited = preserved.inherited;
  const entry = (doc: AgentDocument) => (doc.stages.find((s) => s.id === doc.entryStageId) ?? doc.stages[0])?.name;
  return {
    declares(kind: 'state' | 'tools', entity: StateField | Tool): boolean {
      const read = getOwn<unknown>(inherited?.[kind], entity.name);
      if (read === undefined) return false;
      const { id: _id, ...rest } = entity;
      return sameJson(read, rest);
    },
    declaresStage(doc: AgentDocument): boolean {
      const stage = inherited?.stage;
      return !!stage && stage.entry === entry(doc) && sameJson(stage.names, [...new Set(doc.stages.map((s) => s.name))]);
    },
    declaresRender(doc: AgentDocument): boolean {
      const render = inherited?.render;
      return !!render && sameJson(render, Object.fromEntries(doc.stages.map((s) => [s.name, s.instructions])));
    },
  };
}
