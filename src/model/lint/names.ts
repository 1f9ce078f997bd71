import { uniqueName } from '../ids';
import { className } from '../names';
import { environmentAsState, isEnvironmentField, PINECALL_CONFIG_FIELDS, pinecallRefusal } from './pinecall-refusals';
import { pointer } from './pointer';
import { CLASS_MEMBERS, prototypeClash } from './tools';
import type { Finding, LintContext, ProblemEntity } from './types';

/** Every item after the first that repeats a key, with the index it stands at. */
function repeats<T>(items: T[], key: (item: T) => string): { item: T; index: number; value: string }[] {
  const seen = new Set<string>();
  const out: { item: T; index: number; value: string }[] = [];
  items.forEach((item, index) => {
    const value = key(item);
    if (value && seen.has(value)) out.push({ item, index, value });
    seen.add(value);
  });
  return out;
}

/**
 * Names that must be unique: a stage's name is its `Stages<…>` literal, its ref the Block Agent
 * turn_id (unique across the agent), a block's ref its block_id, a state field a class field.
 */
export function checkDuplicateNames(ctx: LintContext): Finding[] {
  const { doc } = ctx;
  const out: Finding[] = [];
  const stage = (id: string): ProblemEntity => ({ kind: 'stage', id });
  for (const { item, index, value } of repeats(doc.stages, (s) => s.name)) {
    out.push({
      rule: 'stage-name-duplicate', path: pointer('stages', index, 'name'), entity: stage(item.id),
      message: `two stages are named ${value}, and the stage field could not tell them apart; rename this one, e.g. ${uniqueName(value, doc.stages.map((s) => s.name))}`,
    });
  }
  for (const { item, index, value } of repeats(doc.stages, (s) => s.ref)) {
    out.push({
      rule: 'stage-ref-duplicate', path: pointer('stages', index, 'ref'), entity: stage(item.id),
      message: `stage ${item.name}: ref ${value} is another stage's too, and a turn_id is unique across the agent; write ${uniqueName(value, doc.stages.map((s) => s.ref))}`,
    });
  }
  for (const { item, index, value } of repeats(doc.blocks, (b) => b.ref)) {
    out.push({
      rule: 'block-ref-duplicate', path: pointer('blocks', index, 'ref'), entity: { kind: 'block', id: item.id },
      message: `block ${item.name}: ref ${value} is another block's too, and a block_id is unique; write ${uniqueName(value, doc.blocks.map((b) => b.ref))}`,
    });
  }
  for (const { item, index, value } of repeats(doc.state, (f) => f.name)) {
    out.push({
      rule: 'state-name-duplicate', path: pointer('state', index, 'name'), entity: { kind: 'state', id: item.id },
      message: `two state fields are named ${value}; a field has one name: rename this one, e.g. ${uniqueName(value, doc.state.map((f) => f.name))}, or delete it`,
    });
  }
  return out;
}

/** How a state field is declared: Pinecall refuses pii together with public, and a field named like the class's own members. */
export function checkStateDeclarations(ctx: LintContext): Finding[] {
  const out: Finding[] = [];
  ctx.doc.state.forEach((field, i) => {
    const entity = { kind: 'state' as const, id: field.id };
    if (field.pii && field.visibility === 'public') {
      out.push({
        rule: 'state-pii-public', path: pointer('state', i, 'visibility'), entity,
        message: `${pinecallRefusal.statePiiPublic(className(ctx.doc.name), field.name)}: keep pii and make it private, or make it public and not pii`,
      });
    }
    if (isEnvironmentField(field.name) && !PINECALL_CONFIG_FIELDS.has(field.name)) {
      out.push({
        rule: 'state-name-world', path: pointer('state', i, 'name'), entity,
        message: `state field ${field.name}: ${environmentAsState(field.name)}; to remember something about the caller, rename it, e.g. ${uniqueName(`${field.name}_value`, ctx.stateNames)}`,
      });
    } else if (PINECALL_CONFIG_FIELDS.has(field.name)) {
      out.push({
        rule: 'state-name-config', path: pointer('state', i, 'name'), entity,
        message: `state field ${field.name}: Pinecall reads ${field.name} as the agent's configuration (a channel it answers on), never as state, so no tool write to it is logged; rename it, e.g. ${uniqueName(`caller_${field.name}`, ctx.stateNames)}`,
      });
    }
    const rename = uniqueName(field.name === '__proto__' ? 'proto' : `${field.name}_value`, ctx.stateNames);
    const clash = prototypeClash(field.name);
    if (clash) {
      out.push({
        rule: 'state-name-reserved', path: pointer('state', i, 'name'), entity,
        message: `state field ${field.name} cannot be a field of the class, which holds the state: ${clash}; rename it, e.g. ${rename}`,
      });
    } else if (CLASS_MEMBERS.includes(field.name)) {
      out.push({
        rule: 'state-name-reserved', path: pointer('state', i, 'name'), entity,
        message: `state field ${field.name} clashes with the class's own ${field.name}; rename it, e.g. ${rename}`,
      });
    }
  });
  return out;
}
