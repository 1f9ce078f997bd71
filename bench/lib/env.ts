// Where the bench builds, serves and writes; every value can be overridden from the environment.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_PORT = Number(process.env.BENCH_PORT ?? 4331);
export const BENCH_MOCK_PORT = Number(process.env.BENCH_MOCK_PORT ?? 4431);
export const BENCH_OUT = process.env.BENCH_OUT ?? join(tmpdir(), 'callboard-bench-dist');
/** Each part of the bench writes its figures here as part-<name>.json; bench/write-results.ts merges them. */
export const BENCH_PARTS = process.env.BENCH_PARTS ?? join(tmpdir(), 'callboard-bench-parts');
export const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));
export const MOCK_URL = `http://127.0.0.1:${BENCH_MOCK_PORT}`;
/**
 * The only key the bench ever types (the mock server accepts any). The results writer refuses
 * any output that contains it, so a bench that leaked a key into a trace or a figure fails loudly.
 */
export const SENTINEL_KEY = 'sk-callboard-bench-SENTINEL-9c41';
