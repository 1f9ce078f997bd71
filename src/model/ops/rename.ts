import { produce, type Draft } from 'immer';
import { parameterNames, type JsonSchema } from '../json-schema';
import type { AgentDocument } from '../types';
import { fail, quoted, succeed, type Outcome } from './outcome';
import { followName } from './refs';
import { renameStageInTests, renameStateFieldInTests, renameToolInTests } from './rename-tests';
import { IDENTIFIER, renameFieldInWhen, renameIdentifier, renameInTemplate, renameMember, renameStageLiterals } from './rewrite';

// Renames keep every reference whole: what names the entity by id needs nothing, what names it
// in text (code, templates, expressions) is rewritten here, precisely enough to leave prose alone.

type Checked = { error: string } | { name: string };

function checkNewName(taken: string[], current: string, newName: string, what: string, identifier: boolean): Checked {
  const name = newName.trim();
  if (!name) return { error: `a ${what} needs a name` };
  if (identifier && !IDENTIFIER.test(name)) return { error: `a ${what} name is written into code, so it is one word (letters, digits, _), not ${quoted(name)}` };
  if (name !== current && taken.includes(name)) return { error: `there is already a ${what} named ${quoted(name)}` };
  return { name };
}

/** Every template the document renders for the model: persona, stage instructions, looping messages. */
function rewriteTemplates(draft: Draft<AgentDocument>, change: (text: string) => string) {
  draft.persona = change(draft.persona);
  for (const stage of draft.stages) stage.instructions = change(stage.instructions);
  for (const block of draft.blocks) if (block.looping) block.looping.messages = block.looping.messages.map(change);
}

function rewriteExpressions(draft: Draft<AgentDocument>, change: (text: string) => string) {
  for (const edge of draft.edges) for (const c of edge.conditions) if (c.kind === 'expression') c.expression = change(c.expression);
}

export function renameStage(doc: AgentDocument, id: string, newName: string): Outcome {
  const stage = doc.stages.find((s) => s.id === id);
  if (!stage) return fail(doc, `there is no stage ${quoted(id)}`);
  const checked = checkNewName(doc.stages.map((s) => s.name), stage.name, newName, 'stage', false);
  if ('error' in checked) return fail(doc, checked.error);
  const { name } = checked;
  if (name === stage.name) return succeed(doc, {});
  // The ref (Block Agent turn_id) is the stage's identity in a deployed agent: one set by an
  // import or by hand stays; one Callboard made from the name is remade from the new one, in the
  // same step, so one undo takes back both (refs.ts).
  const change = (src: string) => renameStageLiterals(src, stage.name, name);
  return succeed(
    produce(doc, (draft) => {
      draft.stages.find((s) => s.id === id)!.name = name;
      followName(draft, 'stage', id);
      for (const tool of draft.tools) {
        if (tool.implementation !== undefined) tool.implementation = change(tool.implementation);
        if (tool.when !== undefined) tool.when = change(tool.when);
      }
      rewriteExpressions(draft, change);
      renameStageInTests(draft, stage.name, name);
    }),
    {},
  );
}

/** Conditions and scopes name tools by id, so a tool's name stands only on the tool (and in tests). */
export function renameTool(doc: AgentDocument, id: string, newName: string): Outcome {
  const tool = doc.tools.find((t) => t.id === id);
  if (!tool) return fail(doc, `there is no tool ${quoted(id)}`);
  const checked = checkNewName(doc.tools.map((t) => t.name), tool.name, newName, 'tool', false);
  if ('error' in checked) return fail(doc, checked.error);
  if (checked.name === tool.name) return succeed(doc, {});
  return succeed(
    produce(doc, (draft) => {
      draft.tools.find((t) => t.id === id)!.name = checked.name;
      renameToolInTests(draft, tool.name, checked.name);
    }),
    {},
  );
}

export function renameStateField(doc: AgentDocument, id: string, newName: string): Outcome {
  const field = doc.state.find((f) => f.id === id);
  if (!field) return fail(doc, `there is no state field ${quoted(id)}`);
  const checked = checkNewName(doc.state.map((f) => f.name), field.name, newName, 'state field', true);
  if ('error' in checked) return fail(doc, checked.error);
  const [old, name] = [field.name, checked.name];
  if (name === old) return succeed(doc, {});
  return succeed(
    produce(doc, (draft) => {
      draft.state.find((f) => f.id === id)!.name = name;
      rewriteTemplates(draft, (text) => renameInTemplate(text, old, name));
      for (const tool of draft.tools) {
        if (tool.implementation !== undefined) tool.implementation = renameMember(tool.implementation, 'this', old, name);
        if (tool.when !== undefined) tool.when = renameFieldInWhen(tool.when, old, name);
      }
      rewriteExpressions(draft, (src) => renameIdentifier(src, old, name, { keepObjectKeys: true }));
      renameStateFieldInTests(draft, old, name);
    }),
    {},
  );
}

/** Renames a key of an object keeping the keys' order (the order is the signature's). */
function renameKey<T>(record: Record<string, T>, old: string, next: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key === old ? next : key, value]));
}

export function renameParameter(doc: AgentDocument, toolId: string, old: string, newName: string): Outcome {
  const tool = doc.tools.find((t) => t.id === toolId);
  if (!tool) return fail(doc, `there is no tool ${quoted(toolId)}`);
  const names = parameterNames(tool.parameters);
  if (!names.includes(old)) return fail(doc, `tool ${quoted(tool.name)} has no parameter ${quoted(old)}`);
  const checked = checkNewName(names, old, newName, 'parameter', true);
  if ('error' in checked) return fail(doc, checked.error);
  const { name } = checked;
  if (name === old) return succeed(doc, {});
  // A placeholder names the state field when one has the name; only otherwise the captured parameter.
  const placeholdersAreOurs = !doc.state.some((f) => f.name === old);
  return succeed(
    produce(doc, (draft) => {
      const target = draft.tools.find((t) => t.id === toolId)!;
      const parameters = target.parameters as JsonSchema;
      parameters.properties = renameKey(parameters.properties ?? {}, old, name);
      if (parameters.required) parameters.required = parameters.required.map((p) => (p === old ? name : p));
      target.pii = target.pii.map((p) => (p === old ? name : p));
      if (target.confirm !== undefined) target.confirm = renameInTemplate(target.confirm, old, name);
      if (target.implementation !== undefined) target.implementation = renameIdentifier(target.implementation, old, name, { keepObjectKeys: true });
      for (const edge of draft.edges) {
        for (const c of edge.conditions) if (c.kind === 'tool' && c.toolId === toolId && c.field === old) c.field = name;
      }
      if (placeholdersAreOurs) rewriteTemplates(draft, (text) => renameInTemplate(text, old, name));
    }),
    {},
  );
}
