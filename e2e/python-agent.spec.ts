import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { appState, openApp, tallerDock } from './helpers';
import { mockRequests, openSimulator, say, scriptMock, useMockLlm } from './sim-helpers';

// Issue 36: a Pinecall agent written in Python, as its team keeps it (agent.py and its view
// views/pet-clinic.jinja beside it, test/fixtures/pinecall/python-folder, loaded by pinecall
// 0.11.24 as written), imported from a .zip in the app, read as a flow, exported back as written,
// and simulated as the Python SDK runs it.

const FOLDER = new URL('../test/fixtures/pinecall/python-folder/', import.meta.url).pathname;
const CLASS = readFileSync(`${FOLDER}agent.py`, 'utf8');
const VIEW = readFileSync(`${FOLDER}views/pet-clinic.jinja`, 'utf8');
const SHOTS = process.env.SIM_SHOTS ?? '/tmp';

test.describe.configure({ timeout: 120_000 });

const previewText = (page: Page): Promise<string | undefined> =>
  page.evaluate(() => (window as any).monaco?.editor.getModels().find((m: any) => m.uri.path === '/callboard/preview/agent.py')?.getValue());

test('a Python agent folder imports as a flow, exports back as written, and simulates with the specs its SDK builds', async ({ page, request }, info) => {
  const { zipSync, strToU8 } = await import('fflate');
  const zipPath = info.outputPath('pet.zip');
  writeFileSync(zipPath, zipSync({ 'pet/agent.py': strToU8(CLASS), 'pet/views/pet-clinic.jinja': strToU8(VIEW) }));
  await openApp(page);
  await page.getByTestId('open-import').click();
  await page.getByTestId('import-file-input').setInputFiles(zipPath);
  // Reading a .zip runs in its own worker: a backstop as long as the agent's name below.
  await expect(page.getByTestId('import-file-name')).toContainText('pet.zip › pet/agent.py', { timeout: 60_000 });
  await expect(page.getByTestId('import-agent-name')).toHaveText('Pet Clinic', { timeout: 60_000 });
  await page.screenshot({ path: `${SHOTS}/python-import-dialog.png` });
  await page.getByTestId('import-open-new').click();
  await expect(page.getByTestId('import-dialog')).toHaveCount(0);

  // The flow: two stages, the edge record_pet's body sets, the view's instructions on each stage.
  const outline = page.getByTestId('outline');
  await expect(outline.getByTestId('outline-tool-record_pet')).toBeVisible();
  await expect(outline.getByTestId('outline-tool-book')).toBeVisible();
  const doc = await appState(page, (s) => ({
    language: s.doc.language,
    stages: s.doc.stages.map((st: any) => [st.name, st.instructions]),
    edges: s.doc.edges.map((e: any) => [s.doc.stages.find((st: any) => st.id === e.from).name, s.doc.stages.find((st: any) => st.id === e.to).name]),
  }));
  expect(doc).toEqual({
    language: 'python',
    stages: [['ask', 'Ask what the pet is called and what it is, then record it.'], ['book', 'Offer a time for {{pet_name}} and book the one the caller picks.']],
    edges: [['ask', 'book']],
  });
  await expect(page.locator('.react-flow__node').filter({ hasText: 'ask' }).first()).toBeVisible();
  await expect(page.locator('.react-flow__edge')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/python-canvas.png` });

  // A tool's Code tab shows its Python body as written, read-only, and says the simulator answers it with its mock.
  await outline.getByTestId('outline-tool-record_pet').click();
  await page.getByTestId('inspector-tab-code').click();
  await expect(page.getByTestId('python-body-note')).toContainText('Callboard cannot run Python');
  await expect(page.locator('[data-testid="python-body-code"] .view-lines')).toContainText(/self\.pet_name\s=\sname\.title\(\)/);
  await page.screenshot({ path: `${SHOTS}/python-code-tab.png` });

  // Exported as Pinecall Python, unchanged: the class as its team wrote it.
  await tallerDock(page);
  await page.getByTestId('open-export').click();
  await page.getByTestId('export-format-py').click();
  await expect.poll(() => previewText(page), { timeout: 20_000 }).toBe(CLASS);
  await expect(page.getByTestId('export-path')).toHaveText('agents/pet-clinic/agent.py');
  await expect(page.locator('[data-testid="export-preview"] .view-lines')).toContainText(/class\sPetClinic\(Agent\):/);
  await page.screenshot({ path: `${SHOTS}/python-export.png` });

  // Simulated: the model is offered what pydantic builds from the hints, and the body's stage write moves the call.
  await scriptMock(request, [
    { reply: { toolCalls: [{ name: 'record_pet', arguments: { name: 'rex' } }] } },
    { reply: { text: 'Rex is noted. When would you like to come?' } },
  ]);
  await openSimulator(page);
  await expect(page.getByTestId('sim-runtime')).toHaveText('Pinecall (Python) semantics');
  await useMockLlm(page);
  await say(page, 'Hi, my dog Rex needs a check-up');
  const first = (await mockRequests(request))[0].body;
  const system = first.messages[0].content as string;
  expect(system.startsWith('You are Lola, at the front desk of the Pet Clinic.')).toBe(true);
  // The platform's order: the static blocks first, the view as a system message after the history.
  expect(system).not.toContain('Ask what the pet is called');
  const view = first.messages.at(-1);
  expect(view.role).toBe('system');
  expect(view.content).toContain('Ask what the pet is called');
  expect(system).not.toContain('Internal');
  const recordPet = first.tools.find((t: any) => t.function.name === 'record_pet').function;
  expect(recordPet.parameters.properties.age).toEqual({ anyOf: [{ type: 'integer' }, { type: 'null' }], default: null, description: 'the pet\'s age in years, if the caller says it.' });
  expect(recordPet.parameters.additionalProperties).toBe(false);
  await expect.poll(() => appState(page, (s) => s.doc.stages.find((st: any) => st.id === s.session?.stageId)?.name)).toBe('book');
  await expect(page.getByTestId('sim-chat')).toContainText('Rex is noted. When would you like to come?');
  await page.screenshot({ path: `${SHOTS}/python-simulated.png` });
});

test('a hand-written class whose bodies set the stage under elif, else and loops draws those as the code\'s edges', async ({ page }, info) => {
  const corpus = new URL('../test/fixtures/pinecall/python-corpus/tuned/outage-report/', import.meta.url).pathname;
  const { zipSync, strToU8 } = await import('fflate');
  const zipPath = info.outputPath('outage.zip');
  writeFileSync(zipPath, zipSync({
    'outage/agent.py': strToU8(readFileSync(`${corpus}agent.py`, 'utf8')),
    'outage/views/outage-report.jinja': strToU8(readFileSync(`${corpus}views/outage-report.jinja`, 'utf8')),
  }));
  await openApp(page);
  await page.getByTestId('open-import').click();
  await page.getByTestId('import-file-input').setInputFiles(zipPath);
  await expect(page.getByTestId('import-agent-name')).toHaveText('Outage Report', { timeout: 60_000 });
  await expect(page.getByTestId('import-count-edges')).toContainText('set in code');
  await page.getByTestId('import-open-new').click();
  const labels = page.locator('.cb-edge-label.code');
  await expect(labels.filter({ hasText: 'check_area · known is not None' })).toHaveCount(1, { timeout: 30_000 });
  await expect(labels.filter({ hasText: 'district.startswith("HX")' }).first()).toBeVisible();
  await page.locator('.react-flow').screenshot({ path: `${SHOTS}/python-code-edges.png` });
});
