import { describe, expect, it } from 'vitest';
import { newSession } from '../../../simulator/session';
import { sampleAgent } from '../../../simulator/testing';
import { promptBlocks } from './prompt';

const systemPrompt = (...args: Parameters<typeof promptBlocks>) => promptBlocks(...args).system;
import { classWords, PINECALL_PROTOCOLS, PINECALL_RULES, PINECALL_SPOKEN } from './prompt-blocks';

describe('the Pinecall system prompt', () => {
  it('sends the class docstring as written: Pinecall fills no {{ }} in the identity, only in the view', () => {
    // pinecall 0.11.24 blocks.identity: "The class's docstring, the framework's rules … No state."
    // (checked by conformance/checks/c10_pinecall_sdk.py on test/fixtures/pinecall/every-option.json).
    const doc = { ...sampleAgent(), persona: 'You look things up for {{ caller_name }}.' };
    const goodbye = doc.stages.find((s) => s.name === 'goodbye')!;
    const session = { ...newSession(doc), stageId: goodbye.id, state: { ...newSession(doc).state, caller_name: 'Ana' } };
    const blocks = promptBlocks(doc, session);
    expect(classWords(blocks.system)).toBe('You look things up for {{ caller_name }}.');
    expect(blocks.view).toBe('Thank Ana, repeat the booking if there is one, and say goodbye.');
  });

  it('is Pinecall\'s blocks in its order: the static ones (identity: docstring line, rules, protocols, channel; every tool the class declares) as the system text, the view apart (it is sent after the history)', () => {
    const doc = sampleAgent();
    const goodbye = doc.stages.find((s) => s.name === 'goodbye')!;
    const session = { ...newSession(doc), stageId: goodbye.id, state: { ...newSession(doc).state, caller_name: 'Ana' } };
    const tools = doc.tools.filter((t) => t.kind === 'function').map((t) => `- ${t.name}: ${t.description.split('\n')[0]}`);
    expect(promptBlocks(doc, session)).toEqual({
      system: [
        doc.persona.trim(),
        `<rules>\n${PINECALL_RULES}\n</rules>`,
        `<protocols>\n${PINECALL_PROTOCOLS}\n</protocols>`,
        `<channel>\n${PINECALL_SPOKEN}\n</channel>`,
        `<tools>\n${tools.join('\n')}\n</tools>`,
      ].join('\n\n'),
      view: 'Thank Ana, repeat the booking if there is one, and say goodbye.',
    });
    // A stage with no instructions sends no view (the platform's Blocks.of skips an empty block).
    expect(promptBlocks({ ...doc, stages: doc.stages.map((st) => ({ ...st, instructions: '' })) }, session).view).toBe('');
  });

  it('lists in the tools block the tools this stage does not offer too, and no channel for a Python class that turns channel rules off', () => {
    const doc = sampleAgent();
    const greet = doc.stages.find((s) => s.name === 'greet')!;
    const session = { ...newSession(doc), stageId: greet.id };
    const tools = /<tools>\n([\s\S]*)\n<\/tools>/.exec(systemPrompt(doc, session))![1].split('\n').map((l) => l.split(':')[0]);
    expect(tools).toEqual(doc.tools.filter((t) => t.kind === 'function').map((t) => `- ${t.name}`));
    const quiet = { ...doc, language: 'python' as const, preserved: { pinecallPython: { members: ['channel_rules = False'] } } };
    expect(systemPrompt(quiet, session)).not.toContain('<channel>');
    expect(systemPrompt({ ...quiet, preserved: { pinecallPython: { members: ['channel_rules = True'] } } }, session)).toContain('<channel>');
  });
});
