import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { appState, openApp, tallerDock } from './helpers';
import { mockRequests, openSimulator, say, scriptMock, useMockLlm } from './sim-helpers';

// Issue 36: a Pinecall agent written in Ruby, as its team keeps it (agent.rb and its view
// views/riverside-dental.erb beside it, test/fixtures/pinecall/ruby/front-desk), imported from a
// .zip in the app, read as a flow, exported back byte for byte, and simulated as the gem runs it:
// the specs its Spec.build makes, its bodies (Ruby, which nothing here runs) answered by mocks.

const FOLDER = new URL('../test/fixtures/pinecall/ruby/front-desk/', import.meta.url).pathname;
const CLASS = readFileSync(`${FOLDER}agent.rb`, 'utf8');
const VIEW = readFileSync(`${FOLDER}views/riverside-dental.erb`, 'utf8');
const SHOTS = process.env.SIM_SHOTS ?? '/tmp';

test.describe.configure({ timeout: 120_000 });

const previewText = (page: Page): Promise<string | undefined> =>
  page.evaluate(() => (window as any).monaco?.editor.getModels().find((m: any) => m.uri.path === '/callboard/preview/agent.rb')?.getValue());

test('a Ruby agent folder imports as a flow, exports back as written, and simulates with the specs the gem builds', async ({ page, request }, info) => {
  const { zipSync, strToU8 } = await import('fflate');
  const zipPath = info.outputPath('front-desk.zip');
  writeFileSync(zipPath, zipSync({ 'front-desk/agent.rb': strToU8(CLASS), 'front-desk/views/riverside-dental.erb': strToU8(VIEW) }));
  await openApp(page);
  await page.getByTestId('open-import').click();
  await page.getByTestId('import-file-input').setInputFiles(zipPath);
  await expect(page.getByTestId('import-file-name')).toContainText('front-desk.zip › front-desk/agent.rb', { timeout: 60_000 });
  await expect(page.getByTestId('import-agent-name')).toHaveText('Riverside Dental', { timeout: 60_000 });
  await page.screenshot({ path: `${SHOTS}/ruby-import-dialog.png` });
  await page.getByTestId('import-open-new').click();
  await expect(page.getByTestId('import-dialog')).toHaveCount(0);

  // The flow: three stages with the view's sections as their instructions, and the move book's body makes.
  const outline = page.getByTestId('outline');
  await expect(outline.getByTestId('outline-tool-find_patient')).toBeVisible();
  const doc = await appState(page, (s) => ({
    language: s.doc.language,
    stages: s.doc.stages.map((st: any) => [st.name, st.instructions]),
    edges: s.doc.edges.map((e: any) => [s.doc.stages.find((st: any) => st.id === e.from).name, s.doc.stages.find((st: any) => st.id === e.to).name]),
  }));
  expect(doc).toEqual({
    language: 'ruby',
    stages: [
      ['identify', 'Greet the caller and ask for their name and phone.'],
      ['book', 'You are speaking with {{ patient }}. Offer the free hours, two at a time.'],
      ['done', 'Say goodbye.'],
    ],
    edges: [['book', 'done']],
  });
  await expect(page.locator('.react-flow__node').filter({ hasText: 'identify' }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/ruby-canvas.png` });

  // A tool's Code tab shows its Ruby body as written, read-only, and says the simulator answers it with its mock.
  await outline.getByTestId('outline-tool-free_slots').click();
  await page.getByTestId('inspector-tab-code').click();
  await expect(page.getByTestId('ruby-body-note')).toContainText('Callboard cannot run Ruby');
  await expect(page.locator('[data-testid="ruby-body-code"] .view-lines')).toContainText(/self\.attempts\s=\sattempts\s\+\s1/);
  await page.screenshot({ path: `${SHOTS}/ruby-code-tab.png` });

  // Exported as Pinecall Ruby, unchanged: the class as its team wrote it, with nothing lost.
  await tallerDock(page);
  await page.getByTestId('open-export').click();
  await page.getByTestId('export-format-rb').click();
  await expect.poll(() => previewText(page), { timeout: 20_000 }).toBe(CLASS);
  await expect(page.getByTestId('export-path')).toHaveText('agents/riverside-dental/agent.rb');
  await page.screenshot({ path: `${SHOTS}/ruby-export.png` });

  // Simulated: the model is offered what the gem's Spec.build makes; an argument no keyword takes is refused in the gem's words.
  await scriptMock(request, [
    { reply: { toolCalls: [{ name: 'find_patient', arguments: { name: 'Ana Ruiz', phone: '600123123', dni: 'X' } }] } },
    { reply: { text: 'Sorry, could you tell me your name and phone again?' } },
  ]);
  await openSimulator(page);
  await expect(page.getByTestId('sim-runtime')).toHaveText('Pinecall (Ruby) semantics');
  await useMockLlm(page);
  await say(page, 'Hi, I am Ana Ruiz, 600123123');
  const first = (await mockRequests(request))[0].body;
  const system = first.messages[0].content as string;
  expect(system.startsWith('You are the front desk of Riverside Dental. Short sentences: everything you say is read aloud. Never invent an hour: hours come from the agenda.')).toBe(true);
  // The platform's order: the static blocks first, the view as a system message after the history.
  expect(system).not.toContain('Greet the caller and ask for their name and phone.');
  const view = first.messages.at(-1);
  expect(view.role).toBe('system');
  expect(view.content).toContain('Greet the caller and ask for their name and phone.');
  const findPatient = first.tools.find((t: any) => t.function.name === 'find_patient').function;
  expect(findPatient.parameters).toEqual({ type: 'object', properties: { name: { type: 'string' }, phone: { type: 'string' } }, required: ['name', 'phone'], additionalProperties: false });
  const second = (await mockRequests(request))[1].body;
  expect(JSON.stringify(second.messages)).toContain('find_patient: it takes no dni');
  await expect(page.getByTestId('sim-chat')).toContainText('could you tell me your name and phone again?');
  await page.screenshot({ path: `${SHOTS}/ruby-simulated.png` });
});

test('a Ruby class whose view is ERB beyond one section per stage: the cards say so, and the stage shows the view rendered as the gem renders it', async ({ page }, info) => {
  const corpus = new URL('../test/fixtures/pinecall/ruby-corpus/tuned/dental-booking/', import.meta.url).pathname;
  const { zipSync, strToU8 } = await import('fflate');
  const zipPath = info.outputPath('dental.zip');
  writeFileSync(zipPath, zipSync({
    'dental/agent.rb': strToU8(readFileSync(`${corpus}agent.rb`, 'utf8')),
    'dental/views/dental-booking.erb': strToU8(readFileSync(`${corpus}views/dental-booking.erb`, 'utf8')),
  }));
  await openApp(page);
  await page.getByTestId('open-import').click();
  await page.getByTestId('import-file-input').setInputFiles(zipPath);
  await expect(page.getByTestId('import-agent-name')).toHaveText('Dental Booking', { timeout: 60_000 });
  await page.getByTestId('import-open-new').click();
  await expect(page.getByTestId('stage-from-render-confirm')).toHaveText('Instructions come from the class\u2019s ERB view', { timeout: 30_000 });
  // The code's edges: free_slots moves the call by `self.stage = slots.empty? ? :choose : :confirm`.
  await expect(page.locator('.cb-edge-label.code').filter({ hasText: 'free_slots · not (slots.empty?)' }).first()).toBeVisible();
  await page.getByTestId('stage-node-confirm').click();
  // The gem's render of the confirm stage at the opening state (the corpus's view_by_stage).
  await expect(page.getByText('No free times came back. Ask whether another day or another week would suit.')).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/ruby-erb-stage.png` });
});
