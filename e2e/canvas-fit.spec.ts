import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { generateAgent } from '../bench/generate-agent';
import { appState, openApp } from './helpers';

// Issue 31, the canvas legible at fit: after Layout, each agent fitted to a 1440×900 window reads
// at a glance. Every stage name whole (wrapped only between words, `_`/`-` pieces and camelCase
// humps) and 11 px on screen or more; block names whole; no edge label on a card's title or on
// another label; no card on another; no edge through a card it does not join; the minimap on no
// card. The same after + Stage and after undoing it. Six agents none of which was written for this
// test: the sample, the two New-agent templates, a blind-corpus Block Agent (10 stages), a 30-stage
// Block Agent generated here, the hand-written Pinecall class whose flow is all in its code, and
// the bench's generator at 60 stages. A screenshot of each, fitted, goes to test-results/canvas-fit/
// (to docs/canvas-fit/, the README's pictures, with UPDATE_DOCS_SHOTS=1: a test run leaves the tree clean).

const DOCS = new URL(process.env.UPDATE_DOCS_SHOTS === '1' ? '../docs/canvas-fit/' : '../test-results/canvas-fit/', import.meta.url).pathname;
const fixture = (path: string) => new URL(`../test/fixtures/${path}`, import.meta.url).pathname;

test.describe.configure({ timeout: 120_000 });

async function importFile(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByTestId('open-import').click();
  await page.getByTestId('import-file-input').setInputFiles(file);
  await expect(page.getByTestId('import-open-new')).toBeEnabled({ timeout: 30_000 });
  await page.getByTestId('import-open-new').click();
  await expect(page.getByTestId('import-dialog')).toHaveCount(0);
}

async function newFrom(page: Page, id: string, name: RegExp) {
  await page.getByTestId('project-menu-button').click();
  await page.getByTestId('project-new').click();
  await page.getByTestId(`new-agent-${id}`).click();
  await expect(page.getByTestId('project-menu-button')).toHaveText(name);
}

/** A 30-stage Block Agent as a person might write one: an insurance claim line, ten blocks of three turns, two branches. */
function claimAgentYaml(): string {
  const blocks: [string, string, string, string[]][] = [
    ['greeting', 'Greeting_Consent', 'consent_given', ['welcome_and_consent', 'confirm_caller_identity', 'explain_claim_process']],
    ['policy', 'Policy_Lookup', 'policy_number', ['ask_policy_number', 'read_back_policy', 'check_policy_active']],
    ['incident', 'Incident', 'incident_summary', ['describe_incident', 'incident_date_and_time', 'incident_location']],
    ['damage', 'Vehicle_Damage', 'damage_summary', ['damage_description', 'vehicle_drivable', 'photos_requested']],
    ['injuries', 'Injuries', 'anyone_injured', ['anyone_injured', 'ambulance_attended', 'injury_details']],
    ['third', 'Third_Party', 'other_driver', ['other_driver_details', 'other_insurer', 'police_reference']],
    ['witness', 'Witnesses', 'witness_name', ['witness_available', 'witness_contact', 'witness_statement']],
    ['repair', 'Repairs', 'garage_name', ['preferred_garage', 'repair_estimate', 'courtesy_car']],
    ['payment', 'Payment', 'payment_method', ['excess_explained', 'payment_method', 'confirm_bank_details']],
    ['wrap', 'Wrap_Up', 'anything_else', ['claim_reference', 'next_steps', 'goodbye']],
  ];
  const turnIds = blocks.flatMap(([id, , , turns]) => turns.map((_, i) => `t_${id}_${i}`));
  const lines = ['# An insurance claim line, generated for the canvas-fit e2e spec.', 'personality: >-', '  You take first notice of a motor claim, calmly and one question at a time.', 'blocks:'];
  let turn = 0;
  for (const [id, name, field, turns] of blocks) {
    const tool = `record_${field}`;
    lines.push(`  - block_id: ${id}`, `    name: ${name}`, '    tools:', '      - type: function', '        function:', `          name: ${tool}`,
      `          description: What the caller says about ${field.replace(/_/g, ' ')}.`, '          parameters:', '            type: object', '            properties:',
      `              ${field}: {type: string, description: The caller's answer.}`, `            required: [${field}]`, '    turns:');
    for (const [i, turnName] of turns.entries()) {
      const here = turnIds[turn];
      const next = turnIds[turn + 1];
      lines.push(`      - turn_id: ${here}`, `        name: ${turnName}`, `        content: Ask the caller about ${turnName.replace(/_/g, ' ')}, then confirm it back to them.`);
      if (next) {
        lines.push('        edges:', '          - type: edge', '            conditions:', `              - {source: tools, tool: ${tool}, field: ${field}, expected_value: '*'}`, `            connect_to: {turn_id: ${next}}`);
        // Two branches: nobody hurt skips the injury questions; no witness skips to the repairs.
        const skip = id === 'injuries' && i === 0 ? 't_third_0' : id === 'witness' && i === 0 ? 't_repair_0' : undefined;
        if (skip) lines.push('          - type: edge', '            conditions:', `              - {source: tools, tool: ${tool}, field: ${field}, expected_value: 'no'}`, `            connect_to: {turn_id: ${skip}}`);
      }
      turn++;
    }
  }
  return `${lines.join('\n')}\n`;
}

const AGENTS: { name: string; stages: number; open: (page: Page) => Promise<void> }[] = [
  { name: 'sample', stages: 5, open: async () => {} },
  { name: 'block-agent-intake', stages: 4, open: (page) => newFrom(page, 'block-agent-intake', /Patient intake/) },
  { name: 'pinecall-booking', stages: 3, open: (page) => newFrom(page, 'pinecall-booking', /Appointment Booking/) },
  { name: 'power-outage', stages: 8, open: (page) => importFile(page, fixture('offline-corpus-blind/power-outage.yaml')) },
  { name: 'insurance-claim-30', stages: 30, open: (page) => importFile(page, { name: 'motor-claim.yaml', mimeType: 'application/yaml', buffer: Buffer.from(claimAgentYaml()) }) },
  { name: 'vet-code-flow', stages: 5, open: (page) => importFile(page, fixture('pinecall/vet-code-flow.tsx')) },
  {
    name: 'generated-60', stages: 60,
    open: (page) => page.evaluate((doc) => (window as any).__callboard.projects.openDocument(doc), generateAgent({ blocks: 6, stagesPerBlock: 10, globalTools: 2, tools: 12 }) as unknown),
  },
];

const zoomOf = (page: Page) =>
  page.locator('.react-flow__viewport').evaluate((el) => Number(/scale\(([\d.]+)\)/.exec((el as HTMLElement).style.transform)?.[1]));

/** Waits until the viewport holds still (fit view animates). */
async function settled(page: Page) {
  let last = '';
  for (let i = 0; i < 40; i++) {
    const now = await page.locator('.react-flow__viewport').evaluate((el) => (el as HTMLElement).style.transform);
    if (now === last) return;
    last = now;
    await page.waitForTimeout(150);
  }
}

async function layoutAndFit(page: Page) {
  const before = await appState(page, (s) => s.layoutTick);
  await page.getByTestId('auto-layout').click();
  await expect.poll(() => appState(page, (s) => s.layoutTick)).toBeGreaterThan(before);
  await page.waitForTimeout(400);
  await settled(page);
}

interface Findings {
  zoom: number;
  stages: number;
  problems: string[];
}

/**
 * Everything the canvas shows, measured in the page: each finding is one thing a person could not
 * read or that covers something. Boxes are the rendered ones (getBoundingClientRect), so a card
 * outside the view counts as much as one in it.
 */
function measure(page: Page, options: { details: boolean; minimap?: boolean }): Promise<Findings> {
  return page.evaluate(({ details, minimap: checkMinimap = true }) => {
    type Box = { x: number; y: number; width: number; height: number };
    const problems: string[] = [];
    const viewport = document.querySelector<HTMLElement>('.react-flow__viewport')!;
    const zoom = Number(/scale\(([\d.]+)\)/.exec(viewport.style.transform)?.[1]);
    const box = (el: Element): Box => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const meet = (a: Box, b: Box, slack = 0) =>
      a.x + slack < b.x + b.width && b.x + slack < a.x + a.width && a.y + slack < b.y + b.height && b.y + slack < a.y + a.height;
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return style.display !== 'none' && style.visibility !== 'hidden' && r.width > 0 && r.height > 0;
    };
    // Where a name may wrap: after _ - . / or a space, and between a lower case letter or digit and a capital.
    const mayBreakAfter = (text: string, i: number) => /[_\-./\s]/.test(text[i]) || (/[\p{Ll}\p{N}]/u.test(text[i]) && /\p{Lu}/u.test(text[i + 1] ?? ''));

    /** The line each character of an element's text is on (its rendered box's top), by a Range per character. */
    const lineOf = (el: Element) => {
      const tops: number[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rects = range.getClientRects();
          tops.push(rects.length ? Math.round(rects[0].top) : NaN);
        }
      }
      return tops;
    };

    const checkName = (el: Element, what: string, minPx: number) => {
      const text = el.textContent ?? '';
      const html = el as HTMLElement;
      if (html.scrollWidth > html.clientWidth + 1) problems.push(`${what} "${text}" is cut: ${html.scrollWidth} px wide in ${html.clientWidth}`);
      if (html.scrollHeight > html.clientHeight + 2) problems.push(`${what} "${text}" is cut: ${html.scrollHeight} px tall in ${html.clientHeight}`);
      const screenPx = parseFloat(getComputedStyle(el).fontSize) * zoom;
      if (screenPx < minPx) problems.push(`${what} "${text}" reads at ${screenPx.toFixed(1)} px`);
      const tops = lineOf(el);
      for (let i = 0; i + 1 < tops.length; i++) {
        if (tops[i + 1] > tops[i] + 1 && !mayBreakAfter(text, i)) problems.push(`${what} "${text}" breaks mid-word after "${text.slice(0, i + 1)}"`);
      }
      const bounds = box(el);
      const card = box(el.closest('.cb-stage, .cb-block')!);
      if (bounds.x < card.x - 1 || bounds.x + bounds.width > card.x + card.width + 1) problems.push(`${what} "${text}" runs out of its card`);
    };

    const stageNodes = [...document.querySelectorAll('.react-flow__node-stage')];
    for (const node of stageNodes) {
      const name = node.querySelector('.cb-stage-name');
      if (!name) continue;
      checkName(name, 'stage name', 11);
      if (details) {
        // Its kind, and the start of its instructions, where the card has room for them under the
        // name: close up they are always there; far out, as many lines as fit.
        const card = node.querySelector('.cb-stage')!;
        const head = box(node.querySelector('.cb-stage-head')!);
        const inner = box(card);
        const kind = node.querySelector('.cb-far-kind')!;
        const icon = node.querySelector('.cb-kind')!;
        const far = shown(kind) || !shown(icon);
        const line = parseFloat(getComputedStyle(kind).fontSize) * 1.2 * zoom;
        const room = inner.y + inner.height - 8 * zoom - (head.y + head.height);
        const instructions = node.querySelector('.cb-instructions:not(.empty)');
        if (!far) {
          if (!shown(icon)) problems.push(`stage "${name.textContent}" does not show its kind`);
          if (instructions && !shown(instructions)) problems.push(`stage "${name.textContent}" shows none of its instructions`);
        } else {
          if (room >= line + 8 * zoom && !shown(kind)) problems.push(`stage "${name.textContent}" has room for its kind and does not show it`);
          if (room >= 2 * line + 12 * zoom && instructions && !shown(instructions)) problems.push(`stage "${name.textContent}" has room for its instructions and shows none`);
        }
      }
    }
    for (const name of document.querySelectorAll('.cb-block-name')) checkName(name, 'block name', 0);

    // No card on another: stage cards, and blocks.
    const stageBoxes = stageNodes.map((n) => ({ name: n.querySelector('.cb-stage-name')?.textContent ?? '', el: n, box: box(n.querySelector('.cb-stage')!) }));
    const blockBoxes = [...document.querySelectorAll('.react-flow__node-block')].map((n) => ({ name: n.querySelector('.cb-block-name')?.textContent ?? '', box: box(n) }));
    for (const list of [stageBoxes, blockBoxes]) {
      for (let i = 0; i < list.length; i++) for (let j = i + 1; j < list.length; j++) {
        if (meet(list[i].box, list[j].box, 1)) problems.push(`"${list[i].name}" and "${list[j].name}" overlap`);
      }
    }

    // No label on a title or another label.
    const titles = [
      ...[...document.querySelectorAll('.cb-stage-head')].map((el) => ({ what: `the title of stage "${el.querySelector('.cb-stage-name')?.textContent}"`, box: box(el) })),
      ...[...document.querySelectorAll('.cb-block-head')].map((el) => ({ what: `the title of block "${el.querySelector('.cb-block-name')?.textContent}"`, box: box(el) })),
    ];
    const labels = [...document.querySelectorAll('.cb-edge-label')].filter(shown).map((el) => ({ what: `label "${(el as HTMLElement).title.split('\n')[0]}"`, box: box(el) }));
    for (const [i, label] of labels.entries()) {
      for (const title of titles) if (meet(label.box, title.box)) problems.push(`${label.what} is on ${title.what}`);
      for (const other of labels.slice(i + 1)) if (meet(label.box, other.box)) problems.push(`${label.what} is on ${other.what}`);
    }

    // No edge through a card it does not join: its path sampled every few pixels.
    const byName = new Map(stageBoxes.map((s) => [s.name, s.box]));
    for (const edge of document.querySelectorAll('.react-flow__edge')) {
      const ends = /^(?:Edge |Set in code: )(\S+) to (\S+?)[:,]/.exec(edge.getAttribute('aria-label') ?? '');
      const path = edge.querySelector<SVGPathElement>('path.react-flow__edge-path');
      if (!ends || !path || ends[1] === ends[2]) continue;
      const matrix = path.getScreenCTM()!;
      const length = path.getTotalLength();
      const crossed = new Set<string>();
      for (let at = 0; at <= length; at += 6) {
        const p = path.getPointAtLength(at).matrixTransform(matrix);
        for (const [name, card] of byName) {
          if (name === ends[1] || name === ends[2]) continue;
          if (p.x > card.x + 2 && p.x < card.x + card.width - 2 && p.y > card.y + 2 && p.y < card.y + card.height - 2) crossed.add(name);
        }
      }
      for (const name of crossed) problems.push(`the edge ${ends[1]} → ${ends[2]} passes through "${name}"`);
    }

    // The minimap on no card.
    const minimap = document.querySelector('.react-flow__minimap');
    if (checkMinimap && minimap && shown(minimap)) {
      const area = box(minimap);
      for (const card of [...stageBoxes, ...blockBoxes]) if (meet(area, card.box)) problems.push(`the minimap covers "${card.name}"`);
    }
    return { zoom, stages: stageNodes.length, problems };
  }, options);
}

for (const agent of AGENTS) {
  test(`${agent.name}: fitted after Layout, every name reads whole and nothing covers a title, a card or a label`, async ({ page }) => {
    await openApp(page);
    await agent.open(page);
    await expect(page.locator('.react-flow__node-stage')).toHaveCount(agent.stages, { timeout: 30_000 });
    await layoutAndFit(page);
    mkdirSync(DOCS, { recursive: true });
    await page.screenshot({ path: `${DOCS}${agent.name}.png` });
    const details = agent.stages <= 30;
    const fitted = await measure(page, { details });
    expect(fitted.problems, `at fit (zoom ${fitted.zoom})`).toEqual([]);
    expect(fitted.stages).toBe(agent.stages);

    // Close up the labels spell their conditions out, wider than far out: still on no title or label.
    for (let i = 0; i < 8 && (await zoomOf(page)) < 0.8; i++) {
      await page.locator('.react-flow__controls-zoomin').click();
      await page.waitForTimeout(120);
    }
    await settled(page);
    // Zoomed in, the minimap is there to find the way: it covers what it must (checked at fit only).
    const close = await measure(page, { details, minimap: false });
    expect(close.problems, `close up (zoom ${close.zoom})`).toEqual([]);
    await page.locator('.react-flow__controls-fitview').click();
    await page.waitForTimeout(300);
    await settled(page);

    // + Stage: the new card joins a block, clear of the others, and all still reads.
    await page.getByTestId('canvas-palette-add-stage').click();
    await expect(page.locator('.react-flow__node-stage')).toHaveCount(agent.stages + 1);
    await page.waitForTimeout(400);
    await settled(page);
    await page.screenshot({ path: `/tmp/canvas-fit-${agent.name}-added.png` });
    const added = await measure(page, { details });
    expect(added.problems, `after + Stage (zoom ${added.zoom})`).toEqual([]);

    await page.keyboard.press('Control+z');
    await expect(page.locator('.react-flow__node-stage')).toHaveCount(agent.stages);
    await page.waitForTimeout(400);
    await settled(page);
    const undone = await measure(page, { details });
    expect(undone.problems, `after undo (zoom ${undone.zoom})`).toEqual([]);
  });
}

test('the minimap moves off the cards of a fitted agent, or steps aside, and is back when zoomed in', async ({ page }) => {
  await openApp(page);
  await importFile(page, fixture('offline-corpus-blind/power-outage.yaml'));
  await layoutAndFit(page);
  const minimap = page.locator('.react-flow__minimap');
  const cards = await page.locator('.react-flow__node').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
  if (await minimap.count()) {
    const area = (await minimap.boundingBox())!;
    for (const c of cards) expect(area.x < c.x + c.width && c.x < area.x + area.width && area.y < c.y + c.height && c.y < area.y + area.height).toBe(false);
  }
  // Zoomed in, the agent is no longer whole in view: the minimap is back to find the way.
  for (let i = 0; i < 4; i++) await page.locator('.react-flow__controls-zoomin').click();
  await expect(minimap).toBeVisible();
  expect(await zoomOf(page)).toBeGreaterThan(0.75);
});

test('hundreds of stages: fitted, the overview writes every block\'s name; closer, every stage\'s in view, whole', async ({ page }) => {
  const agent = generateAgent({ blocks: 25, stagesPerBlock: 10, globalTools: 2, tools: 30 });
  await openApp(page);
  await page.evaluate((doc) => (window as any).__callboard.projects.openDocument(doc), agent as unknown);
  await expect(page.locator('.react-flow__node-block')).not.toHaveCount(0, { timeout: 30_000 });
  await layoutAndFit(page);
  await expect(page.getByTestId('canvas')).toHaveClass(/cb-overview/);
  const drawing = page.getByTestId('canvas-overview');
  await expect.poll(async () => Number(await drawing.getAttribute('data-names'))).toBeGreaterThanOrEqual(agent.blocks.length);
  await page.screenshot({ path: `${DOCS}generated-250-overview.png` });
  // Zoomed in to where a stage card is ~65 px wide, still the drawing: the names of the cards in view.
  for (let i = 0; i < 8 && (await zoomOf(page)) < 0.24; i++) {
    await page.locator('.react-flow__controls-zoomin').click();
    await page.waitForTimeout(150);
  }
  expect(await zoomOf(page)).toBeLessThan(0.3);
  await settled(page);
  const inView = await page.locator('.react-flow__node-stage').evaluateAll((els) => {
    const pane = document.querySelector('.react-flow')!.getBoundingClientRect();
    return els.filter((el) => {
      const r = el.getBoundingClientRect();
      return r.left >= pane.left && r.right <= pane.right && r.top >= pane.top && r.bottom <= pane.bottom;
    }).length;
  });
  expect(inView).toBeGreaterThan(4);
  await expect.poll(async () => Number(await drawing.getAttribute('data-names'))).toBeGreaterThanOrEqual(inView);
  await page.screenshot({ path: `${DOCS}generated-250-closer.png` });
});
