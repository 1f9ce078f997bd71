// Test support for the escape tests (escape.test.ts, escape-host.test.ts): a tool built from a body,
// run through the product's runner, and a watch on the host — a real local server that counts any
// request or connection from inside, and a temp folder any write would land in.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import type { AgentDocument, Tool } from '../../model';
import { sandboxToolRunner } from '../sandbox-runner';
import { sampleAgent } from '../testing';
import type { ToolRun } from '../types';

export const doc: AgentDocument = { ...sampleAgent(), target: 'block-agent' };
const endCall = doc.tools.find((t) => t.name === 'end_call')!;

/** A tool whose parameters are the keys of `args`, running `body`; timeout in seconds. */
function toolFor(body: string, args: Record<string, unknown>, timeout: number): Tool {
  const properties = Object.fromEntries(Object.keys(args).map((name) => [name, { type: 'string' }]));
  return { ...endCall, implementation: body, timeout, parameters: { type: 'object', properties } };
}

export interface Attempt {
  args?: Record<string, unknown>;
  state?: Record<string, unknown>;
  call?: Record<string, unknown>;
  /** Seconds. */
  timeout?: number;
  memoryBytes?: number;
  on?: AgentDocument;
}

export function attempt(body: string, options: Attempt = {}): Promise<ToolRun> {
  const args = options.args ?? {};
  const runner = sandboxToolRunner(options.on ?? doc, options.memoryBytes ? { memoryBytes: options.memoryBytes } : {});
  return runner.run(toolFor(body, args, options.timeout ?? 5), args, options.state ?? {}, options.call ?? {});
}

/** After a failure, the sandbox still runs the next tool normally (nothing poisoned, nothing crashed). */
export async function stillWorks(): Promise<void> {
  expect(await attempt('return this.n + 1;', { state: { n: 4 } })).toEqual({ result: 5, writes: {}, logs: [] });
}

export interface HostWatch {
  readonly baseUrl: string;
  /** A fresh temp folder per test. */
  readonly dir: string;
  readonly seen: { requests: number; upgrades: number; connections: number };
}

/** Registers the file's hooks: the server for the whole file, a fresh folder and counters per test, stubs undone after each. */
export function watchHost(): HostWatch {
  let server: Server;
  const watch = { baseUrl: '', dir: '', seen: { requests: 0, upgrades: 0, connections: 0 } };
  beforeAll(async () => {
    server = createServer((_req, res) => {
      watch.seen.requests++;
      res.end('host data');
    });
    server.on('upgrade', (_req, socket) => {
      watch.seen.upgrades++;
      socket.destroy();
    });
    server.on('connection', () => watch.seen.connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    watch.baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    watch.seen.requests = watch.seen.upgrades = watch.seen.connections = 0;
    watch.dir = mkdtempSync(join(tmpdir(), 'callboard-escape-'));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    rmSync(watch.dir, { recursive: true, force: true });
  });
  return watch;
}
