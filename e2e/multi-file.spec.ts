import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { appState, openApp } from './helpers';
import { openSimulator } from './sim-helpers';

// Issue 12, multi-file Pinecall agents in the app: a .zip of an agent's folder (the agent, its
// base class in ./clinica-norte and its helpers in ./agenda, as test/fixtures/pinecall/multi-file
// holds them) imported through the dialog. The inherited tools show in the outline, and a tool
// whose body calls the imported helper needs no mock: the helper runs bundled in the sandbox.

const FIXTURES = new URL('../test/fixtures/pinecall/multi-file/', import.meta.url).pathname;
const read = (name: string) => readFileSync(`${FIXTURES}${name}`, 'utf8');

test.describe.configure({ timeout: 120_000 });

test('a .zip of an agent with its base class and helpers imports with the inherited tools, and its helpers need no mock', async ({ page }, info) => {
  const { zipSync, strToU8 } = await import('fflate');
  const zipPath = info.outputPath('busca.zip');
  writeFileSync(zipPath, zipSync({
    'busca/agent.ts': strToU8(read('agent.ts')),
    'busca/clinica-norte.ts': strToU8(read('clinica-norte.ts')),
    'busca/agenda.ts': strToU8(read('agenda.ts')),
  }));
  await openApp(page);
  await page.getByTestId('open-import').click();
  await page.getByTestId('import-file-input').setInputFiles(zipPath);
  // The agent is the file no other imports, whatever order the .zip lists them in.
  await expect(page.getByTestId('import-file-name')).toContainText('busca.zip › busca/agent.ts');
  await expect(page.getByTestId('import-agent-name')).toHaveText('Busca', { timeout: 60_000 });
  await expect(page.getByTestId('import-dialog')).not.toContainText('which this file does not declare');
  await page.getByTestId('import-open-new').click();
  await expect(page.getByTestId('import-dialog')).toHaveCount(0);

  // ClinicaNorte's findPatient beside Busca's own search; its stages and state too.
  const outline = page.getByTestId('outline');
  await expect(outline.getByTestId('outline-tool-findPatient')).toBeVisible();
  await expect(outline.getByTestId('outline-tool-search')).toBeVisible();
  await expect(outline.getByTestId('outline-stage-identify')).toBeVisible();
  expect(await appState(page, (s) => s.doc.state.map((f: { name: string }) => f.name))).toEqual(['patient', 'searches']);
  await page.screenshot({ path: '/tmp/shots-h12/multi-file-outline.png' });

  // search calls agendaFor from ./agenda: bundled, so its Code tab asks no mock answer for it
  // (the next test shows the same tab asking one when the helper cannot be bundled).
  await outline.getByTestId('outline-tool-search').click();
  await page.getByTestId('inspector-tab-code').click();
  await expect(page.getByTestId('inspector-tab-code')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('helper-mock-agendaFor')).toHaveCount(0);
  await openSimulator(page);
  await page.screenshot({ path: '/tmp/shots-h12/multi-file-tool.png' });
});

test('a .zip whose helper imports a package says why, and its Code tab asks a mock answer for the helper', async ({ page }, info) => {
  const pkg = new URL('../test/fixtures/pinecall/multi-file-package/', import.meta.url).pathname;
  const { zipSync, strToU8 } = await import('fflate');
  const zipPath = info.outputPath('slots.zip');
  writeFileSync(zipPath, zipSync({ 'agent.ts': strToU8(readFileSync(`${pkg}agent.ts`, 'utf8')), 'agenda.ts': strToU8(readFileSync(`${pkg}agenda.ts`, 'utf8')) }));
  await openApp(page);
  await page.getByTestId('open-import').click();
  await page.getByTestId('import-file-input').setInputFiles(zipPath);
  await expect(page.getByTestId('import-agent-name')).toHaveText('Slots', { timeout: 60_000 });
  await expect(page.getByTestId('import-dialog')).toContainText('./agenda.ts imports "date-fns" (a package), which Callboard does not bundle');
  await page.getByTestId('import-open-new').click();
  await page.getByTestId('outline').getByTestId('outline-tool-search').click();
  await page.getByTestId('inspector-tab-code').click();
  await expect(page.getByTestId('helper-mock-agendaFor')).toContainText('imported from "./agenda": ./agenda.ts imports "date-fns" (a package)');
  await page.screenshot({ path: '/tmp/shots-h12/multi-file-package.png' });
});

test('a folder chosen in the dialog reads the same way', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('open-import').click();
  await page.getByTestId('import-folder-input').setInputFiles(FIXTURES.replace(/\/$/, ''));
  await expect(page.getByTestId('import-file-name')).toContainText('multi-file/agent.ts');
  await expect(page.getByTestId('import-agent-name')).toHaveText('Busca', { timeout: 60_000 });
  await page.getByTestId('import-open-new').click();
  await expect(page.getByTestId('outline').getByTestId('outline-tool-findPatient')).toBeVisible();
});

test('a .zip whose helper is a symbolic-link entry, or named to leave the folder, is refused at the import line; nothing of it is read', async ({ page }, info) => {
  // Security issue 30: the payloads the unit tests use (test/security/folders-payloads.ts).
  const { agentImporting, FOLDER_MARKER, INSIDE_HELPER, SECRET_HELPER, zipOf } = await import('../test/security/folders-payloads');
  const zipPath = info.outputPath('linked.zip');
  writeFileSync(zipPath, zipOf([
    { name: 'agent.ts', text: agentImporting(['./agenda', './lib/hours']) },
    { name: 'hello.ts', text: INSIDE_HELPER },
    { name: 'agenda.ts', text: `../../../home/me/${FOLDER_MARKER}/.npmrc`, link: 'unix' },
    { name: 'lib\\hours.ts', text: SECRET_HELPER },
    { name: 'lib\\..\\..\\secret.ts', text: SECRET_HELPER },
  ]));
  await openApp(page);
  await page.getByTestId('open-import').click();
  await page.getByTestId('import-file-input').setInputFiles(zipPath);
  await expect(page.getByTestId('import-agent-name')).toHaveText('Look', { timeout: 60_000 });
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog).toContainText('"./agenda" is agenda.ts, which is a symbolic link in the .zip, which Callboard does not follow');
  await expect(dialog).toContainText('"./lib/hours" is lib/hours.ts, which is named "lib\\\\hours.ts" in the .zip');
  await expect(dialog).toContainText('an entry: left out: it is named "lib\\\\..\\\\..\\\\secret.ts" in the .zip, which goes up with ".."');
  await page.getByTestId('import-open-new').click();
  await expect(page.getByTestId('outline').getByTestId('outline-tool-look')).toBeVisible();
  expect(JSON.stringify(await appState(page, (s) => s.doc))).not.toContain(FOLDER_MARKER);
});
