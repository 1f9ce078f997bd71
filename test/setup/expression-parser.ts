// Lint's parser of `when` sources and expression conditions (acorn) loads on demand, as a chunk of
// its own in the app; tests lint synchronously, so it is loaded before any of them runs.
import { loadExpressionParser } from '../../src/model/lint/js-syntax';

await loadExpressionParser();
