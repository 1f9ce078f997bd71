import { classWords } from '../src/runtimes/pinecall/engine/prompt-blocks';
import { expect, test, type Page } from '@playwright/test';
import { appState, openApp, select } from './helpers';
import { openSimulator, say } from './sim-helpers';

// Issue 12, points 3 and 5 in the app: a Pinecall class whose render() branches on a getter and on
// `this.call.channel` (test/fixtures/pinecall/front-desk-view.tsx) is imported; its stage cards say
// the instructions come from render(), the stage inspector shows what render() gives for the state
// and a picked stage, and a run on the offline model opens with onCall, whose writes the change log
// shows authored `hook:onCall`, and the preview follows the session's state.

const FIXTURE = new URL('../test/fixtures/pinecall/front-desk-view.tsx', import.meta.url).pathname;

// Importing loads the parser worker, the preview the sandbox worker, the run the engine's.
test.describe.configure({ timeout: 120_000 });

async function importClass(page: Page) {
  await page.getByTestId('open-import').click();
  await page.getByTestId('import-file-input').setInputFiles(FIXTURE);
  await expect(page.getByTestId('import-agent-name')).toHaveText('Front Desk View', { timeout: 30_000 });
  await page.getByTestId('import-open-new').click();
  await expect(page.getByTestId('import-dialog')).toHaveCount(0);
}

const stageId = (page: Page, name: string) => appState(page, (s) => s.doc.stages.map((x: any) => [x.name, x.id])).then((all) => new Map(all as [string, string][]).get(name)!);

test('render() kept as code: the cards say so, the inspector renders it per state and stage, onCall opens the run', async ({ page }) => {
  await openApp(page);
  await importClass(page);
  for (const name of ['identify', 'book']) {
    await expect(page.getByTestId(`stage-from-render-${name}`)).toHaveText('Instructions come from render()');
  }

  await select(page, 'stage', await stageId(page, 'identify'));
  const view = page.getByTestId('stage-view');
  await expect(view).toContainText('The state a run starts from, in stage');
  await expect(page.getByTestId('stage-view-text')).toHaveText("Ask for the caller's name and phone.", { timeout: 30_000 });
  // Another stage: render() adds its channel's line (no channel among the call facts yet: not "phone").
  await page.getByTestId('stage-view-stage').selectOption('book');
  await expect(page.getByTestId('stage-view-text')).toHaveText("Ask for the caller's name and phone.\n\nList up to five slots, one per line.");

  // A phone call from a caller onCall knows.
  await page.evaluate(() => (window as any).__callboard.store.getState().setSim({ callFacts: { from: '+34600111222', channel: 'phone' } }));
  await expect(page.getByTestId('stage-view-text')).toHaveText("Ask for the caller's name and phone.\n\nOffer at most two slots, one at a time.");
  await openSimulator(page);
  await expect(page.getByTestId('sim-provider')).toHaveText('Offline model');
  await say(page, 'Hello?');
  const run = await appState(page, (s) => ({
    changes: s.session.changeLog.map((c: any) => [c.field, c.author]),
    system: s.session.trace.find((t: any) => t.kind === 'model-call')?.request.system,
    afterHistory: s.session.trace.find((t: any) => t.kind === 'model-call')?.request.afterHistory,
  }));
  expect(run.changes).toEqual([['patient', 'hook:onCall'], ['returning', 'hook:onCall']]);
  // Pinecall's blocks: the docstring's line and the framework's rules as the system text, the rendered view after the history.
  expect(run.system.startsWith('You are Sofia, the front desk of Clínica Norte.\n\n<rules>\n')).toBe(true);
  expect(classWords(run.system)).toBe('You are Sofia, the front desk of Clínica Norte.');
  expect(run.afterHistory).toEqual(['You are speaking with Ana, who has called before.']);

  // The preview follows the session: the caller is known now.
  await page.getByTestId('stage-view-stage').selectOption('identify');
  await expect(view).toContainText("The session's state, in stage");
  await expect(page.getByTestId('stage-view-text')).toHaveText('You are speaking with Ana, who has called before.');

  await page.getByTestId('dock-tab-changelog').click();
  await expect(page.getByTestId('changelog-count')).toHaveText('2 writes');
  await expect(page.getByTestId('change-row').first()).toContainText('hook:onCall');
});
