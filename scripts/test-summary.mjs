// Prints "N passed, N failed" (and skipped) over the vitest and Playwright JSON reports.
import { readFileSync } from 'node:fs';

const [vitestPath, playwrightPath] = process.argv.slice(2);
const vitest = JSON.parse(readFileSync(vitestPath, 'utf8'));
const playwright = JSON.parse(readFileSync(playwrightPath, 'utf8'));
const passed = vitest.numPassedTests + playwright.stats.expected + playwright.stats.flaky;
const failed = vitest.numFailedTests + playwright.stats.unexpected;
const skipped = vitest.numPendingTests + vitest.numTodoTests + playwright.stats.skipped;
console.log(`unit: ${vitest.numPassedTests} passed; browser: ${playwright.stats.expected + playwright.stats.flaky} passed`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
