import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { appState, openApp } from './helpers';
import { openSimulator, say } from './sim-helpers';

// Issue 14, point 8: one agent of the offline corpus (test/fixtures/offline-corpus), a Pinecall
// class the offline model was not written for, imported through the Import dialog as a person
// would, then played on the offline model by typing its happy path into the simulator. What is
// checked is what is on the screen: the tool rows, the runtime's receipt, the current stage.

const corpus = (file: string) => new URL(`../test/fixtures/offline-corpus/${file}`, import.meta.url).pathname;
const script = JSON.parse(readFileSync(corpus('parcel-redelivery.script.json'), 'utf8')) as { lines: string[]; expectTools: string[]; endStage: string };

test('a corpus agent imported in the app walks its happy path on the offline model', async ({ page }, info) => {
  await openApp(page);
  await page.getByTestId('open-import').click();
  await expect(page.getByTestId('import-dialog')).toBeVisible();
  await page.getByTestId('import-file-input').setInputFiles(corpus('parcel-redelivery.tsx'));
  await expect(page.getByTestId('import-agent-name')).toHaveText('Parcel Redelivery', { timeout: 30_000 });
  await page.getByTestId('import-replace').click();
  await expect(page.getByTestId('import-dialog')).toHaveCount(0);
  await expect(page.getByTestId('project-menu-button')).toHaveText(/Parcel Redelivery/);
  await expect(page.getByTestId('stage-node-locate')).toBeVisible();

  await openSimulator(page);
  await expect(page.getByTestId('sim-provider')).toHaveText('Offline model');
  for (const line of script.lines) {
    // The call may end before the script does; a person stops typing then.
    if (await page.getByTestId('sim-ended').isVisible()) break;
    await say(page, line);
  }

  // Each expected tool has its row in the chat, and it ran.
  for (const tool of script.expectTools) await expect(page.getByTestId(`sim-tool-${tool}`).last()).toHaveAttribute('data-status', 'ok');
  await expect(page.getByTestId('sim-tool-findParcel').last()).toContainText('JD014600003827');
  await expect(page.getByTestId('sim-tool-rearrange').last()).toContainText('Thursday');
  // The confirm receipt, said by the runtime after the tool ran.
  await expect(page.getByTestId('sim-chat')).toContainText("Done: we'll bring it on Thursday.");
  // The call sits on the end stage: on the canvas and in the chat's stage notes.
  await expect(page.getByTestId(`stage-node-${script.endStage}`)).toHaveAttribute('data-current', 'true');
  await expect(page.getByTestId('sim-stage-change').last()).toContainText(`stage ${script.endStage}`);
  expect(await appState(page, (s) => s.session.state)).toMatchObject({ tracking: 'JD014600003827', postcode: 'M14 5RT', redelivery: { day: 'Thursday', leaveSafe: true } });
  await page.screenshot({ path: info.outputPath('offline-corpus-parcel.png') });
});
