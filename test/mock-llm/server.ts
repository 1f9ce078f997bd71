// A scriptable OpenAI- and Anthropic-compatible server for tests (Node http, no dependencies).
// Unit tests script it in-process; Playwright, whose server runs in another process, scripts it
// over the /__mock/* endpoints. Every route answers CORS, since the app calls it from a page.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { anthropicError, anthropicJson, anthropicStream } from './anthropic-wire';
import { MockScript, normaliseRequest } from './match';
import { openAiError, openAiJson, openAiStream } from './openai-wire';
import { roughTokens } from './split';
import type { MockAnswer, MockFlood, MockLlm, MockTurn, NormalisedRequest, RecordedRequest } from './types';

export type { MockLlm, MockTurn, RecordedRequest } from './types';

export const NO_SCRIPTED_ANSWER = '(mock: no scripted answer)';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function cors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  // Echo what the preflight asks for: the SDKs send authorization, x-api-key, anthropic-*, x-stainless-*.
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
  res.setHeader('Access-Control-Expose-Headers', 'retry-after, request-id, x-request-id');
  res.setHeader('Access-Control-Max-Age', '600');
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

function answerFor(turn: MockTurn | undefined, request: NormalisedRequest, rawBody: string, nextId: () => number): MockAnswer {
  const reply = turn ? (turn.reply ?? {}) : { text: NO_SCRIPTED_ANSWER };
  const prefix = request.provider === 'openai' ? 'call_mock_' : 'toolu_mock_';
  const toolCalls = (reply.toolCalls ?? []).map((call) => ({
    id: `${prefix}${nextId()}`,
    name: call.name,
    arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
  }));
  const text = reply.text ?? '';
  const outputText = text + toolCalls.map((c) => c.name + c.arguments).join('');
  return { text, toolCalls, model: request.model || 'mock-model', inputTokens: roughTokens(rawBody), outputTokens: roughTokens(outputText) };
}

async function writeStream(res: ServerResponse, events: string[], turn: MockTurn | undefined): Promise<void> {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
  const fault = turn?.fault;
  const dropAfter = fault && 'dropAfterChunks' in fault ? fault.dropAfterChunks : undefined;
  const stallAfter = fault && 'stallAfterChunks' in fault ? fault.stallAfterChunks : undefined;
  for (let i = 0; i < events.length; i++) {
    if (stallAfter !== undefined && i >= stallAfter) return; // open until the client gives up or close()
    if (dropAfter !== undefined && i >= dropAfter) {
      // Destroying at once would discard what is still buffered: let the sent part reach the client.
      await new Promise((resolve) => res.write('', resolve));
      await sleep(20);
      res.socket?.destroy();
      return;
    }
    if (res.destroyed) return;
    res.write(events[i]);
    if (turn?.chunkDelayMs) await sleep(turn.chunkDelayMs);
  }
  res.end();
}

/** The events of a flood, one at a time: the opening, `piece` again and again, the close. */
function floodEvents(provider: 'openai' | 'anthropic', model: string, flood: MockFlood) {
  const asArguments = flood.as === 'arguments';
  if (provider === 'openai') {
    const data = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-flood', object: 'chat.completion.chunk', created: 1_700_000_000, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
    return {
      open: asArguments
        ? [data({ role: 'assistant', content: null }), data({ tool_calls: [{ index: 0, id: 'call_flood', type: 'function', function: { name: 'flood', arguments: '' } }] })]
        : [data({ role: 'assistant', content: '' })],
      piece: (text: string) => (asArguments ? data({ tool_calls: [{ index: 0, function: { arguments: text } }] }) : data({ content: text })),
      close: [data({}, asArguments ? 'tool_calls' : 'stop'), 'data: [DONE]\n\n'],
    };
  }
  const event = (type: string, body: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...body })}\n\n`;
  const message = { id: 'msg_flood', type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } };
  return {
    open: [
      event('message_start', { message }),
      event('content_block_start', { index: 0, content_block: asArguments ? { type: 'tool_use', id: 'toolu_flood', name: 'flood', input: {} } : { type: 'text', text: '' } }),
    ],
    piece: (text: string) =>
      event('content_block_delta', { index: 0, delta: asArguments ? { type: 'input_json_delta', partial_json: text } : { type: 'text_delta', text } }),
    close: [
      event('content_block_stop', { index: 0 }),
      event('message_delta', { delta: { stop_reason: asArguments ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: 1 } }),
      event('message_stop', {}),
    ],
  };
}

/** Writes a flood, waiting on the client whenever the socket's buffer is full; ends when the client goes. */
async function writeFlood(res: ServerResponse, provider: 'openai' | 'anthropic', model: string, flood: MockFlood): Promise<void> {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
  const events = floodEvents(provider, model, flood);
  const piece = flood.piece ?? 'flood '.repeat(167).slice(0, 1000);
  let gone = false;
  res.on('close', () => (gone = true));
  const write = async (text: string) => {
    if (!res.write(text)) await new Promise<void>((resolve) => {
      const done = () => (res.off('drain', done), res.off('close', done), resolve());
      res.on('drain', done);
      res.on('close', done);
    });
  };
  for (const text of events.open) await write(text);
  let sent = 0;
  let written = 0;
  while (!gone && (flood.bytes === undefined || sent < flood.bytes)) {
    await write(events.piece(piece));
    sent += Buffer.byteLength(piece);
    // Without a wait, yield now and then anyway: the same process may be the client (unit tests).
    if (flood.delayMs) await sleep(flood.delayMs);
    else if (++written % 64 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  if (gone) return;
  for (const text of events.close) await write(text);
  res.end();
}

export async function startMockLlm(options: { port?: number; host?: string } = {}): Promise<MockLlm> {
  const host = options.host ?? '127.0.0.1';
  const script = new MockScript();
  let recorded: RecordedRequest[] = [];
  let idCounter = 0;
  const sockets = new Set<Socket>();

  async function answerModelCall(provider: 'openai' | 'anthropic', req: IncomingMessage, res: ServerResponse, raw: string, body: any) {
    const request = normaliseRequest(provider, body);
    const turn = script.take(request);
    if (turn?.delayMs) await sleep(turn.delayMs);
    const fault = turn?.fault;
    if (fault && 'neverAnswer' in fault) return; // the socket stays open until the client gives up
    if (fault && 'status' in fault) {
      const message = fault.message ?? `mock fault ${fault.status}`;
      const headers: Record<string, string> = fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {};
      const errorBody = provider === 'openai' ? openAiError(fault.status, message) : anthropicError(fault.status, message);
      sendJson(res, fault.status, errorBody, headers);
      return;
    }
    if (turn?.flood && request.stream) return writeFlood(res, provider, request.model || 'mock-model', turn.flood);
    const answer = answerFor(turn, request, raw, () => ++idCounter);
    if (request.stream) {
      await writeStream(res, provider === 'openai' ? openAiStream(answer) : anthropicStream(answer), turn);
    } else if (fault && ('dropAfterChunks' in fault || 'stallAfterChunks' in fault)) {
      if ('dropAfterChunks' in fault) req.socket.destroy();
    } else {
      sendJson(res, 200, provider === 'openai' ? openAiJson(answer) : anthropicJson(answer));
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    cors(req, res);
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const raw = await readBody(req);
    if (path.startsWith('/__mock/')) return control(req.method ?? 'GET', path, raw, res);
    let body: any;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
    }
    recorded.push({ method: req.method ?? 'GET', path, headers: { ...req.headers }, body, receivedAt: Date.now() });
    const provider = path === '/v1/chat/completions' ? 'openai' : path === '/v1/messages' ? 'anthropic' : undefined;
    if (req.method !== 'POST' || !provider) {
      sendJson(res, 404, { error: { message: `The mock LLM has no route ${req.method} ${path}.` } });
      return;
    }
    if (typeof body !== 'object' || body === null) {
      const message = 'The request body is not JSON.';
      sendJson(res, 400, provider === 'openai' ? openAiError(400, message) : anthropicError(400, message));
      return;
    }
    await answerModelCall(provider, req, res, raw, body);
  }

  function control(method: string, path: string, raw: string, res: ServerResponse): void {
    if (method === 'GET' && path === '/__mock/health') return sendJson(res, 200, { ok: true });
    if (method === 'GET' && path === '/__mock/requests') return sendJson(res, 200, recorded);
    if (method === 'POST' && path === '/__mock/reset') {
      mock.reset();
      return sendJson(res, 200, { ok: true });
    }
    if (method === 'POST' && path === '/__mock/script') {
      try {
        const turns = JSON.parse(raw);
        if (!Array.isArray(turns)) throw new Error('not an array');
        script.replace(turns);
        return sendJson(res, 200, { ok: true, turns: turns.length });
      } catch (error) {
        return sendJson(res, 400, { error: `The script must be a JSON array of turns (${(error as Error).message}).` });
      }
    }
    sendJson(res, 404, { error: `No control route ${method} ${path}.` });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: `mock server failed: ${String(error)}` } });
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${host}:${port}`;

  const mock: MockLlm = {
    url,
    openaiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: url,
    script: (turns) => script.replace(turns),
    requests: () => recorded.slice(),
    reset() {
      script.replace([]);
      recorded = [];
    },
    close() {
      // Held-open sockets (neverAnswer, keep-alive) would keep close() waiting forever.
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return mock;
}
