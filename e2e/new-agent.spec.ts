import { expect, test } from '@playwright/test';
import { appState, openApp } from './helpers';

// Issue 13: "New agent" offers the empty agent, the sample and the two seed shapes; two projects of
// one name are told apart in the list, and a new one with a taken name gets "(2)".
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-h13e';

test.describe('New agent', () => {
  test('offers empty, the sample and the two seed shapes; each opens as a new project, fetched only when chosen', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (r) => r.url().includes('/examples/') && fetched.push(new URL(r.url()).pathname));
    await openApp(page);
    await page.getByTestId('project-menu-button').click();
    await page.getByTestId('project-new').click();
    const chooser = page.getByTestId('new-agent-chooser');
    await expect(chooser.getByRole('button')).toHaveText([/Empty agent/, /The sample: Clinic Booking/, /Pinecall booking · Pinecall/, /Block Agent intake · Block Agent/, /Pipecat restaurant reservation · Pipecat Flows/]);
    await page.getByTestId('project-menu').screenshot({ path: `${SHOTS}/new-agent-chooser.png` });
    expect(fetched).toEqual([]);

    await page.getByTestId('new-agent-block-agent-intake').click();
    await expect(page.getByTestId('project-menu-button')).toHaveText(/Patient intake/);
    expect(await appState(page, (s) => ({ target: s.doc.target, tools: s.doc.tools.map((t: any) => t.name), stages: s.doc.stages.length }))).toEqual({
      target: 'block-agent', tools: ['is_schedule_appointment', 'caller_intent_not_yet_detected', 'collect_patient_profile', 'collect_date_of_birth', 'end_call'], stages: 4,
    });
    await expect(page.getByTestId('outline-tool-collect_date_of_birth')).toBeVisible();
    await expect(page.locator('[data-testid="problem-row"][data-severity="error"]')).toHaveCount(0);

    await page.getByTestId('project-menu-button').click();
    await page.getByTestId('project-new').click();
    await page.getByTestId('new-agent-pinecall-booking').click();
    await expect(page.getByTestId('project-menu-button')).toHaveText(/Appointment Booking/);
    expect(await appState(page, (s) => ({ target: s.doc.target, tools: s.doc.tools.map((t: any) => t.name) }))).toEqual({ target: 'pinecall', tools: ['freeSlots', 'book'] });
    await expect(page.getByTestId('outline-tool-freeSlots')).toBeVisible();
    expect(fetched).toEqual(['/examples/template-block-agent-intake.json', '/examples/template-pinecall-booking.json']);

    // Pipecat's own example flow, on its runtime: nodes and the functions its handlers declare.
    await page.getByTestId('project-menu-button').click();
    await page.getByTestId('project-new').click();
    await page.getByTestId('new-agent-pipecat-restaurant').click();
    await expect(page.getByTestId('project-menu-button')).toHaveText(/Restaurant Reservation/);
    expect(await appState(page, (s) => ({ target: s.doc.target, tools: s.doc.tools.map((t: any) => t.name), stages: s.doc.stages.length }))).toEqual({
      target: 'pipecat', tools: ['collect_party_size', 'check_availability', 'end_conversation'], stages: 5,
    });
    await expect(page.getByTestId('target-switch').getByRole('button', { name: 'Pipecat Flows' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[data-testid="problem-row"][data-severity="error"]')).toHaveCount(0);

    // The sample again, beside the one opened on the first visit: a name of its own.
    await page.getByTestId('project-menu-button').click();
    await page.getByTestId('project-new').click();
    await page.getByTestId('new-agent-sample').click();
    await expect(page.getByTestId('project-menu-button')).toHaveText(/Clinic Booking \(2\)/);

    await page.getByTestId('project-menu-button').click();
    await page.getByTestId('project-new').click();
    await page.getByTestId('new-agent-empty').click();
    await expect(page.getByTestId('project-menu-button')).toHaveText(/Untitled agent/);
    expect(await appState(page, (s) => s.doc.stages.length)).toBe(0);
  });

  test('two projects of one name: the second gets "(2)", and the list tells them apart by runtime, stages and edit time', async ({ page }) => {
    await openApp(page);
    for (let i = 0; i < 2; i++) {
      await page.getByTestId('project-menu-button').click();
      await page.getByTestId('project-new').click();
      await page.getByTestId('new-agent-empty').click();
    }
    await expect(page.getByTestId('project-menu-button')).toHaveText(/Untitled agent \(2\)/);
    // Renaming one to the other's name is the user's choice; the list still tells them apart.
    await page.getByTestId('project-menu-button').click();
    await page.getByRole('button', { name: 'Rename Untitled agent (2)' }).click();
    await page.getByLabel('Project name').fill('Clinic Booking');
    await page.getByLabel('Project name').press('Enter');
    await page.evaluate(() => (window as any).__callboard.projects.flush());
    await page.getByTestId('project-menu-button').click();
    const rows = page.locator('[data-testid="project-row"][data-project-name="Clinic Booking"]');
    await expect(rows).toHaveCount(2);
    await expect(rows.getByTestId('project-detail')).toHaveText([/^Pinecall · 0 stages · edited just now$/, /^Pinecall · 5 stages · edited (just now|\d+ min ago)$/]);
    await page.getByTestId('project-menu').screenshot({ path: `${SHOTS}/project-list.png` });
  });
});
