// Tool implementations run here, in QuickJS, off the page's thread: a tool may legitimately run
// for up to its timeout (30 s by default), and the chat, the canvas and Stop must stay live
// meanwhile. Stop terminates this worker, which ends even a tool stuck in a loop at once.
import type { AgentDocument } from '../../model';
import { sandboxToolRunner } from '../sandbox-runner';
import type { ToolRunner } from '../types';
import type { ToolRunRequest, ToolRunResponse } from './tool-worker-protocol';

let runner: ToolRunner | undefined;

const reply = (message: ToolRunResponse) => (self as unknown as Worker).postMessage(message);

self.onmessage = async (event: MessageEvent<ToolRunRequest>) => {
  const { id, doc, tool, args, state, call } = event.data;
  try {
    if (doc) runner = sandboxToolRunner(doc as AgentDocument);
    if (!runner) throw new Error('the tool worker got a tool before its document');
    reply({ id, run: await runner.run(tool, args, state, call) });
  } catch (error) {
    reply({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
