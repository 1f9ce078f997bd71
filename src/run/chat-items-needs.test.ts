// A tool row whose run failed for want of a mock answer carries what it needs, so the chat can
// offer to give one; any other failure carries nothing of the kind.
import { describe, expect, it } from 'vitest';
import { newSession } from '../simulator/session';
import { sampleAgent } from '../simulator/testing';
import type { MockNeed, Session, TraceEntry } from '../simulator/types';
import { chatItems } from './chat-items';

const doc = sampleAgent();
const at = { step: 1, revision: 1, at: 0 };
const need: MockNeed = { helper: 'agendaFor', kind: 'import', from: './agenda' };
const message = 'free_slots needs agendaFor (imported from "./agenda"), which cannot run in the simulator; give it a mock answer';

function failedRun(run: Partial<Extract<TraceEntry, { kind: 'tool-run' }>>): Session {
  return {
    ...newSession(doc),
    turn: 1,
    transcript: [
      { kind: 'caller', text: 'Tuesday' },
      { kind: 'tool-call', id: 'c1', name: 'free_slots', arguments: '{"day":"Tuesday","visit":"checkup"}', call: 1 },
      { kind: 'tool-result', id: 'c1', name: 'free_slots', error: run.error, modelReads: run.error ?? '' },
    ],
    trace: [{ ...at, kind: 'tool-run', toolCallId: 'c1', tool: 'free_slots', args: {}, logs: [], writes: {}, ...run } as TraceEntry],
  };
}

const toolRow = (session: Session) => chatItems(doc, session, []).find((i) => i.kind === 'tool');

describe('chatItems: a run that needs a mock answer', () => {
  it('names the needs on the row, next to the error', () => {
    const row = toolRow(failedRun({ error: message, failure: 'needs-mock', needs: [need, { helper: 'knowledge.search', kind: 'world', from: 'the knowledge base the world attaches' }] }));
    expect(row).toMatchObject({ status: 'error', error: message, needs: [need, { helper: 'knowledge.search' }] });
  });

  it('a thrown error, or needs without the needs-mock failure, give the row no needs', () => {
    expect(toolRow(failedRun({ error: 'boom', failure: 'thrown' }))).not.toHaveProperty('needs');
    expect(toolRow(failedRun({ error: 'boom', failure: 'thrown', needs: [need] }))).not.toHaveProperty('needs');
    expect(toolRow(failedRun({ error: message, failure: 'needs-mock', needs: [] }))).not.toHaveProperty('needs');
  });

  it('a Block Agent capture whose run needs a mock carries the needs too', () => {
    const blockDoc = { ...doc, target: 'block-agent' as const };
    const session: Session = {
      ...newSession(blockDoc),
      turn: 1,
      transcript: [{ kind: 'caller', text: 'Tuesday' }],
      trace: [
        { ...at, kind: 'model-call', call: 1, ms: 1, request: { purpose: 'tools', system: '', messages: [], tools: [], toolChoice: 'required' }, response: { text: '', toolCalls: [{ id: 'c1', name: 'free_slots', arguments: '{}' }] } },
        { ...at, kind: 'tool-run', toolCallId: 'c1', tool: 'free_slots', args: {}, error: message, failure: 'needs-mock', needs: [need], logs: [], writes: {} },
      ],
    };
    expect(chatItems(blockDoc, session, []).find((i) => i.kind === 'tool')).toMatchObject({ status: 'error', needs: [need] });
  });
});
