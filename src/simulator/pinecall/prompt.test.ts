import { describe, expect, it } from 'vitest';
import { newSession } from '../session';
import { sampleAgent } from '../testing';
import { systemPrompt } from './prompt';

describe('the Pinecall system prompt', () => {
  it('sends the class docstring as written: Pinecall fills no {{ }} in the identity, only in the view', () => {
    // pinecall 0.11.24 blocks.identity: "The class's docstring, the framework's rules … No state."
    // (checked by conformance/checks/c10_pinecall_sdk.py on test/fixtures/pinecall/every-option.json).
    const doc = { ...sampleAgent(), persona: 'You look things up for {{ caller_name }}.' };
    const goodbye = doc.stages.find((s) => s.name === 'goodbye')!;
    const session = { ...newSession(doc), stageId: goodbye.id, state: { ...newSession(doc).state, caller_name: 'Ana' } };
    expect(systemPrompt(doc, session)).toBe('You look things up for {{ caller_name }}.\n\nThank Ana, repeat the booking if there is one, and say goodbye.');
  });
});
