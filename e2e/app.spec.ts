import { expect, test } from '@playwright/test';
import { appState, flushSaves, openApp } from './helpers';

test.describe('the app shell', () => {
  test('a first visit opens the sample agent with no errors and no console noise', async ({ page }) => {
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    await openApp(page);
    await expect(page.getByTestId('project-menu-button')).toHaveText(/Clinic Booking/);
    for (const block of ['Greeting', 'Identify', 'Booking', 'End']) await expect(page.getByTestId(`outline-block-${block}`)).toBeVisible();
    await expect(page.getByTestId('outline-tool-free_slots')).toBeVisible();
    await expect(page.locator('[data-testid="problem-row"][data-severity="error"]')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('the project list: new, rename, duplicate, open and delete', async ({ page }) => {
    await openApp(page);
    await page.getByTestId('project-menu-button').click();
    await page.getByTestId('project-new').click();
    await page.getByTestId('new-agent-empty').click();
    await expect(page.getByTestId('project-menu-button')).toHaveText(/Untitled agent/);
    expect(await appState(page, (s) => s.doc.stages.length)).toBe(0);

    await page.getByTestId('project-menu-button').click();
    await page.getByRole('button', { name: 'Rename Untitled agent' }).click();
    await page.getByLabel('Project name').fill('Dentist intake');
    await page.getByLabel('Project name').press('Enter');
    await expect(page.getByTestId('project-menu-button')).toHaveText(/Dentist intake/);

    await page.getByRole('button', { name: 'Duplicate Clinic Booking' }).click();
    await expect(page.getByTestId('project-menu-button')).toHaveText(/Clinic Booking \(copy\)/);
    expect(await appState(page, (s) => s.doc.stages.length)).toBe(5);

    await page.getByTestId('project-menu-button').click();
    await expect(page.getByTestId('project-row')).toHaveCount(3);
    await page.locator('[data-project-name="Dentist intake"] .name').click();
    await expect(page.getByTestId('project-menu-button')).toHaveText(/Dentist intake/);

    await page.getByTestId('project-menu-button').click();
    await page.getByRole('button', { name: 'Delete Clinic Booking (copy)' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByTestId('project-row')).toHaveCount(2);
  });

  test('Ctrl+K finds a tool and selects it', async ({ page }) => {
    await openApp(page);
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('Control+k');
    await expect(page.getByTestId('search-input')).toBeFocused();
    await page.keyboard.type('free sl');
    await expect(page.getByTestId('search-item-tool-free_slots')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('search-palette')).toHaveCount(0);
    expect(await appState(page, (s) => s.selection)).toEqual([{ kind: 'tool', id: 't_slots' }]);
    await expect(page.getByTestId('outline-tool-free_slots')).toHaveAttribute('aria-selected', 'true');
    // Cmd+K on a Mac does the same.
    await page.keyboard.press('Meta+k');
    await expect(page.getByTestId('search-input')).toBeFocused();
    await page.keyboard.type('tool book');
    await page.keyboard.press('Enter');
    expect(await appState(page, (s) => s.selection)).toEqual([{ kind: 'tool', id: 't_book' }]);
  });

  test('undo and redo from the keyboard and the top bar; a reload restores everything', async ({ page }) => {
    await openApp(page);
    await page.getByTestId('target-switch').getByRole('button', { name: 'Block Agent' }).click();
    expect(await appState(page, (s) => s.doc.target)).toBe('block-agent');
    await page.getByTestId('outline').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    expect(await appState(page, (s) => s.doc.target)).toBe('pinecall');
    await page.keyboard.press('Control+Shift+z');
    expect(await appState(page, (s) => s.doc.target)).toBe('block-agent');
    await page.getByTestId('undo').click();
    await page.getByTestId('redo').click();
    await page.getByTestId('outline-stage-choose').click();
    await page.locator('.react-flow__controls-zoomin').click();
    await page.waitForTimeout(400);
    await flushSaves(page);
    const before = await appState(page, (s) => ({ doc: s.doc, selection: s.selection }));
    const viewport = await page.locator('.react-flow__viewport').getAttribute('style');
    await page.reload();
    await openApp(page);
    const after = await appState(page, (s) => ({ doc: s.doc, selection: s.selection }));
    expect(after).toEqual(before);
    await expect(page.locator('.react-flow__viewport')).toHaveAttribute('style', viewport!);
    await expect(page.getByTestId('outline-stage-choose')).toHaveAttribute('aria-selected', 'true');
  });

  test('the shortcuts overlay lists the keys', async ({ page }) => {
    await openApp(page);
    await page.getByTestId('outline').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('?');
    await expect(page.getByTestId('shortcuts')).toContainText('Undo');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('shortcuts')).toHaveCount(0);
    await page.getByTestId('outline-tool-book').click();
    expect(await appState(page, (s) => s.selection)).toEqual([{ kind: 'tool', id: 't_book' }]);
    await page.keyboard.press('Escape');
    expect(await appState(page, (s) => s.selection)).toEqual([]);
  });
});
