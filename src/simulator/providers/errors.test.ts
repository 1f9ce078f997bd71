// The wording rules that do not need a server: retry-after forms, key redaction, CORS advice.
import { describe, expect, it } from 'vitest';
import { describeFailure, redact, retryAfterSeconds } from './errors';

describe('retryAfterSeconds', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterSeconds('7')).toBe(7);
    expect(retryAfterSeconds('1.2')).toBe(2);
    const now = Date.parse('2025-03-14T10:00:00Z');
    expect(retryAfterSeconds('Fri, 14 Mar 2025 10:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('soon')).toBeUndefined();
    expect(retryAfterSeconds(null)).toBeUndefined();
  });
});

describe('redact', () => {
  it('cuts every copy of the key, and leaves text alone when there is no key', () => {
    expect(redact('a sk-1234 b sk-1234', 'sk-1234')).toBe('a [key] b [key]');
    expect(redact('a sk-1234', undefined)).toBe('a sk-1234');
  });
});

describe('describeFailure', () => {
  const context = { baseUrl: 'http://localhost:11434/v1', apiKey: 'sk-abcdef' };

  it('says same-origin or Node failures are network errors, other-origin browser failures CORS', () => {
    expect(describeFailure({ type: 'unreachable', cause: 'fetch failed' }, context).kind).toBe('network');
    expect(describeFailure({ type: 'unreachable' }, { ...context, pageOrigin: 'http://localhost:11434' }).kind).toBe('network');
    const cors = describeFailure({ type: 'unreachable' }, { ...context, pageOrigin: 'https://callboard.example' });
    expect(cors.kind).toBe('cors');
    expect(cors.message).toContain('OLLAMA_ORIGINS=https://callboard.example');
  });

  it('keeps the key out of every message, whatever the server said', () => {
    for (const status of [400, 404, 429, 500, 503]) {
      const error = describeFailure({ type: 'http', status, message: 'bad key sk-abcdef' }, context);
      expect(error.message).not.toContain('sk-abcdef');
      expect(error.status).toBe(status);
    }
  });

  it('names the kind of each status', () => {
    const kinds = [400, 401, 403, 404, 422, 429, 500, 502, 529].map((status) => describeFailure({ type: 'http', status }, context).kind);
    expect(kinds).toEqual(['bad-request', 'auth', 'auth', 'bad-request', 'bad-request', 'rate-limit', 'server', 'server', 'server']);
  });
});
