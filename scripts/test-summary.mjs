// Prints, over the vitest and Playwright JSON reports: the slowest 20 tests (so a test that grows
// slow is seen where it happens, issue 34), any test that passed only on a retry (flaky: to be
// fixed, not retried away), how long each step of scripts/test.sh took (its timings file, when
// given), and last the one closing line, "N passed, N failed" (and skipped).
import { existsSync, readFileSync } from 'node:fs';

const [vitestPath, playwrightPath, timingsPath] = process.argv.slice(2);
const vitest = JSON.parse(readFileSync(vitestPath, 'utf8'));
const playwright = JSON.parse(readFileSync(playwrightPath, 'utf8'));

/** Every test of both runners as { name, ms }, and Playwright's that needed a retry. */
const durations = [];
const flaky = [];
for (const file of vitest.testResults ?? []) {
  const path = file.name.replace(`${process.cwd()}/`, '');
  for (const test of file.assertionResults ?? []) durations.push({ name: `${path} › ${test.fullName ?? test.title}`, ms: test.duration ?? 0 });
}
const visit = (suite, file) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const results = test.results ?? [];
      durations.push({ name: `${spec.file ?? file} › ${spec.title}`, ms: results.reduce((sum, r) => sum + (r.duration ?? 0), 0) });
      if (test.status === 'flaky') flaky.push(`${spec.file ?? file} › ${spec.title}`);
    }
  }
  for (const child of suite.suites ?? []) visit(child, suite.file ?? file);
};
for (const suite of playwright.suites ?? []) visit(suite, suite.file);

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
console.log('\nThe slowest 20 tests:');
for (const { name, ms } of durations.sort((a, b) => b.ms - a.ms).slice(0, 20)) console.log(`  ${seconds(ms).padStart(8)}  ${name}`);
if (flaky.length) {
  console.log(`\nPassed only on a retry (flaky; fix them): ${flaky.length}`);
  for (const name of flaky) console.log(`  ${name}`);
}
if (timingsPath && existsSync(timingsPath)) {
  console.log('\nSteps:');
  for (const line of readFileSync(timingsPath, 'utf8').trim().split('\n')) console.log(`  ${line}`);
}
const passed = vitest.numPassedTests + playwright.stats.expected + playwright.stats.flaky;
const failed = vitest.numFailedTests + playwright.stats.unexpected;
const skipped = vitest.numPendingTests + vitest.numTodoTests + playwright.stats.skipped;
console.log(`\nunit: ${vitest.numPassedTests} passed; browser: ${playwright.stats.expected + playwright.stats.flaky} passed`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
