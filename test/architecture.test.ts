// The floors of the house are checked by dependency-cruiser (.dependency-cruiser.cjs) on every
// `npm test`. This test shows the check passes on src/ and fails on each kind of violation: it
// builds small trees that break one rule each and runs the same config on them.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const CONFIG = join(root, '.dependency-cruiser.cjs');
const DEPCRUISE = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const TIMEOUT = 60_000;

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

function cruise(cwd: string): { violations: Violation[]; modules: number } {
  const run = spawnSync(process.execPath, [DEPCRUISE, 'src', '--config', CONFIG, '--output-type', 'json'], { cwd, encoding: 'utf8', timeout: TIMEOUT, maxBuffer: 64 * 1024 * 1024 });
  if (run.error) throw run.error;
  const out = JSON.parse(run.stdout) as { summary: { violations: Violation[]; totalCruised: number } };
  return { violations: out.summary.violations, modules: out.summary.totalCruised };
}

const trees: string[] = [];
afterAll(() => trees.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A throwaway project: `files` maps paths under it to their text. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'callboard-floors-'));
  trees.push(dir);
  const all = { 'tsconfig.app.json': '{ "compilerOptions": { "module": "ESNext", "moduleResolution": "bundler", "allowImportingTsExtensions": true, "noEmit": true } }', ...files };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const rulesBroken = (files: Record<string, string>) => [...new Set(cruise(tree(files)).violations.map((v) => v.rule.name))].sort();

describe('the floors (dependency-cruiser)', () => {
  it('pass on src/: no circle, no import up a floor', () => {
    const { violations, modules } = cruise(root);
    expect(violations).toEqual([]);
    expect(modules).toBeGreaterThan(300);
  }, TIMEOUT);

  it('fail when the model imports a format', () => {
    expect(rulesBroken({
      'src/model/document.ts': "import { slug } from '../formats/names';\nexport const name = slug('a');\n",
      'src/formats/names.ts': "export const slug = (s: string) => s;\n",
    })).toEqual(['model-is-the-ground-floor']);
  }, TIMEOUT);

  it('fail on an import circle, type-only imports included', () => {
    expect(rulesBroken({
      'src/formats/a.ts': "import type { B } from './b';\nexport type A = { b?: B };\n",
      'src/formats/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
    })).toEqual(['no-circles']);
  }, TIMEOUT);

  it('fail when the engine imports a format, the store the engine\'s internals, a panel the app, the canvas the run, the CLI the store', () => {
    expect(rulesBroken({
      'src/simulator/step.ts': "import { x } from '../formats/x';\nexport const step = x;\n",
      'src/formats/x.ts': 'export const x = 1;\n',
      'src/simulator/index.ts': "export { step } from './step';\n",
      'src/store/types.ts': "import { step } from '../simulator/step';\nexport const s = step;\n",
      'src/app/App.tsx': 'export const App = 1;\n',
      'src/panels/Panel.tsx': "import { App } from '../app/App';\nexport const P = App;\n",
      'src/run/controller.ts': 'export const run = 1;\n',
      'src/canvas/Canvas.tsx': "import { run } from '../run/controller';\nexport const C = run;\n",
      'src/cli/main.ts': "import { s } from '../store/types';\nexport const m = s;\n",
    })).toEqual(['canvas-does-not-import-run', 'cli-uses-the-core-only', 'engine-imports-only-the-model', 'store-sees-the-engine-surface-only', 'ui-does-not-import-the-app']);
  }, TIMEOUT);

  it("fail when one runtime's engine reaches into another's, and pass within a runtime's folder", () => {
    expect(rulesBroken({
      'src/runtimes/block-agent/engine/step.ts': "import { history } from '../../../runtimes/pinecall/engine/prompt';\nimport { spec } from './offered';\nexport const step = [history, spec];\n",
      'src/runtimes/block-agent/engine/offered.ts': 'export const spec = 1;\n',
      'src/runtimes/pinecall/engine/prompt.ts': "import { spec } from '../../block-agent/engine/offered';\nexport const history = spec;\n",
    })).toEqual(['a-runtime-home-is-its-own']);
  }, TIMEOUT);

  it("fail when code outside Pipecat's folder reaches past its front door, or the folder imports a UI library", () => {
    expect(rulesBroken({
      'src/runtimes/pipecat/format/index.ts': "export { readFlow } from './flow';\n",
      'src/runtimes/pipecat/format/flow.ts': "export const readFlow = (text: string) => text;\n",
      'src/formats/export-as.ts': "import { readFlow } from '../runtimes/pipecat/format/flow';\nimport { readFlow as viaDoor } from '../runtimes/pipecat/format';\nexport const both = [readFlow, viaDoor];\n",
    })).toEqual(['a-runtime-part-has-one-front-door']);
    expect(rulesBroken({
      'src/runtimes/pipecat/format/flow.ts': "import { useState } from 'react';\nexport const hook = useState;\n",
    })).toEqual(['pipecat-format-is-pure']);
  }, TIMEOUT);

  it("fail when code outside a runtime's home reaches past the front door of its format or its engine, an import() on demand included", () => {
    const homes = {
      'src/runtimes/block-agent/format/index.ts': "export { losses } from './losses';\nexport const loadImporter = () => import('./import');\n",
      'src/runtimes/block-agent/format/losses.ts': 'export const losses = 1;\n',
      'src/runtimes/block-agent/format/import.ts': 'export const importer = 1;\n',
      'src/runtimes/pipecat/engine/index.ts': "export { engine } from './engine';\n",
      'src/runtimes/pipecat/engine/engine.ts': 'export const engine = 1;\n',
    };
    // Each kind alone: a static import of a format's file, an import() of one on demand, a static import of an engine's file.
    expect(rulesBroken({ ...homes, 'src/formats/losses.ts': "import { losses } from '../runtimes/block-agent/format/losses';\nexport const all = [losses];\n" }))
      .toEqual(['a-runtime-part-has-one-front-door']);
    expect(rulesBroken({ ...homes, 'src/formats/import-any.ts': "export const read = async () => (await import('../runtimes/block-agent/format/import')).importer;\n" }))
      .toEqual(['a-runtime-part-has-one-front-door']);
    expect(rulesBroken({ ...homes, 'src/simulator/engines.ts': "import { engine } from '../runtimes/pipecat/engine/engine';\nexport const ENGINES = [engine];\n" }))
      .toEqual(['a-runtime-part-has-one-front-door']);
    // Through the doors (a part on demand by its loader), within a home, from test support and from a test, all pass.
    expect(rulesBroken({
      ...homes,
      'src/formats/losses.ts': "import { losses, loadImporter } from '../runtimes/block-agent/format';\nexport const all = [losses, loadImporter];\n",
      'src/simulator/engines.ts': "import { engine } from '../runtimes/pipecat/engine';\nexport const ENGINES = [engine];\n",
      'src/runtimes/block-agent/format/export.ts': "import { losses } from './losses';\nexport const exported = losses;\n",
      'src/simulator/testing.ts': "import { engine } from '../runtimes/pipecat/engine/engine';\nexport const helper = engine;\n",
      'src/formats/losses.test.ts': "import { importer } from '../runtimes/block-agent/format/import';\nexport const t = importer;\n",
    })).toEqual([]);
  }, TIMEOUT);

  it("keep each part of a runtime's home on its floor: kept data with the model, the format with the formats, the engine with the engine", () => {
    expect(rulesBroken({
      'src/runtimes/pipecat/kept.ts': "import { flow } from './format/flow';\nexport const kept = flow;\n",
      'src/runtimes/pipecat/format/flow.ts': "import { facts } from '../facts';\nexport const flow = facts;\n",
      'src/runtimes/pipecat/facts.ts': 'export const facts = 1;\n',
      'src/runtimes/pipecat/engine/step.ts': "import { flow } from '../format/flow';\nexport const step = flow;\n",
    })).toEqual(['engine-imports-only-the-model', 'formats-import-only-the-model', 'model-is-the-ground-floor']);
    // Within its floors a home is free: the engine reads the kept data and the engine kit, the formats kit its format's door.
    expect(rulesBroken({
      'src/runtimes/pipecat/kept.ts': "import type { Doc } from '../../model/types';\nexport type Kept = Doc;\n",
      'src/model/types.ts': 'export type Doc = { id: string };\n',
      'src/simulator/step-base.ts': 'export const base = 1;\n',
      'src/runtimes/pipecat/engine/step.ts': "import type { Kept } from '../kept';\nimport { base } from '../../../simulator/step-base';\nexport const step = (k: Kept) => [k, base];\n",
      'src/runtimes/pipecat/format/index.ts': "import type { Kept } from '../kept';\nexport const read = (k: Kept) => k;\n",
      'src/formats/losses.ts': "import { read } from '../runtimes/pipecat/format';\nexport const losses = read;\n",
    })).toEqual([]);
  }, TIMEOUT);

  it("fail when a runtime's home reaches into another runtime's code", () => {
    expect(rulesBroken({
      'src/runtimes/pipecat/format/flow.ts': "import { prompt } from '../../../runtimes/pinecall/format/prompt';\nexport const flow = prompt;\n",
      'src/runtimes/pinecall/format/prompt.ts': 'export const prompt = 1;\n',
    })).toEqual(['a-runtime-home-is-its-own']);
  }, TIMEOUT);

  it('let tests reach any floor, and keep production code off the test support', () => {
    expect(rulesBroken({
      'src/model/document.test.ts': "import { x } from '../formats/x';\nexport const t = x;\n",
      'src/formats/x.ts': "import { helper } from './testing/helper';\nexport const x = helper;\n",
      // Test support may reach up a floor (here the engine); production code may not import it.
      'src/formats/testing/helper.ts': "import { y } from '../../simulator/y';\nexport const helper = y;\n",
      'src/simulator/y.ts': 'export const y = 1;\n',
    })).toEqual(['test-support-is-for-tests']);
  }, TIMEOUT);
});
