// src/cli/api-key.ts: the one place `simulate` and `test` read the API key and keep it out of
// their output. Unit checks of the rule, then both commands run in-process against the mock
// server, which quotes the key back in its error: the key reaches the server and nothing else.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiKeyOf, keyScrubbingIo, withApiKey } from '../../src/cli/api-key';
import { UsageError, type CliIo } from '../../src/cli/io';
import { runCli } from '../../src/cli/main';
import { startMockLlm, type MockLlm } from '../mock-llm/server';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SAMPLE = join(root, 'public/examples/clinic-booking.json');
const SAMPLE_TEXT = readFileSync(SAMPLE, 'utf8');
const KEY = 'sk-test-api-key-NEVER-PRINT-93ab';

/** An io that records what it is given; `env` is the environment it reports. */
function recordingIo(env: Record<string, string> = {}) {
  const seen = { out: '', err: '', files: new Map<string, string>() };
  const io: CliIo = {
    // The sample is the one file there is; no listDir, so `test` runs the sample's own tests.
    readText: (path) => (path === SAMPLE ? { ok: true, text: SAMPLE_TEXT } : { ok: false, reason: 'no such file' }),
    writeText: (path, text) => void seen.files.set(path, text),
    out: (text) => void (seen.out += text),
    err: (text) => void (seen.err += text),
    env: (name) => env[name],
  };
  return { io, seen };
}

describe('the key', () => {
  it('comes from --api-key, else CALLBOARD_API_KEY, trimmed; offline needs none', () => {
    const { io } = recordingIo({ CALLBOARD_API_KEY: `  ${KEY}\n` });
    expect(apiKeyOf({ provider: 'openai', apiKey: 'sk-from-the-flag-123' }, io, 'simulate')).toBe('sk-from-the-flag-123');
    expect(apiKeyOf({ provider: 'anthropic' }, io, 'test')).toBe(KEY);
    expect(apiKeyOf({ provider: 'offline', apiKey: KEY }, io, 'test')).toBeUndefined();
  });

  it('is a usage error of the command when a provider has none, naming both ways to give one', () => {
    const { io } = recordingIo({ CALLBOARD_API_KEY: '   ' });
    let thrown: unknown;
    try {
      apiKeyOf({ provider: 'openai', apiKey: '' }, io, 'test');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UsageError);
    expect((thrown as UsageError).command).toBe('test');
    expect((thrown as UsageError).message).toBe('--provider openai needs an API key: pass --api-key KEY, or set CALLBOARD_API_KEY in the environment');
  });

  it('is scrubbed from standard output, standard error and written files', () => {
    const { io: raw, seen } = recordingIo();
    const io = keyScrubbingIo(raw, KEY);
    io.out(`out ${KEY} ${KEY}\n`);
    io.err(`err ${KEY}\n`);
    io.writeText('junit.xml', `<x>${KEY}</x>`);
    expect(seen).toEqual({ out: 'out *** ***\n', err: 'err ***\n', files: new Map([['junit.xml', '<x>***</x>']]) });
  });

  it('a short value is not scrubbed (a real key is long; scrubbing "abc" would garble words), and no key changes nothing', () => {
    const { io: raw } = recordingIo();
    expect(keyScrubbingIo(raw, 'abc')).toBe(raw);
    expect(keyScrubbingIo(raw, undefined)).toBe(raw);
    expect(withApiKey({ provider: 'offline' }, raw, 'simulate')).toEqual({ key: undefined, io: raw });
  });
});

describe('simulate and test never print the key, even when the server quotes it', () => {
  let mock: MockLlm;
  beforeAll(async () => void (mock = await startMockLlm({ port: 0 })));
  afterAll(() => mock.close());
  beforeEach(() => {
    mock.reset();
    mock.script([{ fault: { status: 400, message: `Invalid key ${KEY} for this model` }, times: 0 }]);
  });

  const commands: [string, string[]][] = [
    ['simulate', ['simulate', SAMPLE, '--say', 'hi']],
    ['test', ['test', SAMPLE, '--runs', '1']],
  ];
  const ways: [string, string[], Record<string, string>][] = [
    ['--api-key', ['--api-key', KEY], {}],
    ['CALLBOARD_API_KEY', [], { CALLBOARD_API_KEY: KEY }],
  ];

  for (const [name, argv] of commands) {
    for (const [way, flag, env] of ways) {
      it(`${name}, key from ${way}`, async () => {
        const { io, seen } = recordingIo(env);
        // The JUnit report goes to the recording io's files, in memory.
        const junit = name === 'test' ? ['--junit', 'junit.xml'] : [];
        const code = await runCli([...argv, '--provider', 'openai', '--base-url', mock.openaiBaseUrl, ...flag, ...junit], io);
        expect(code).toBe(1);
        // The key went to the server, and the server's message quoting it came back without it.
        expect(mock.requests().length).toBeGreaterThan(0);
        expect(mock.requests().every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
        expect([seen.out, seen.err, ...seen.files.values()].join('\n')).toMatch(/Invalid key .+ for this model/);
        expect([seen.out, seen.err, ...seen.files.values()].filter((text) => text.includes(KEY))).toEqual([]);
      }, 120_000);
    }
  }
});
