// The app's Content-Security-Policy, stated once. index.html carries it as a <meta> tag (so a
// static host that sends no headers still gets it for the page); `npm start` and the preview send it
// as a header too (vite.config.ts), which is the only way to reach what a <meta> tag cannot:
//   - frame-ancestors: a page on another origin must not show the app in a (hidden) frame;
//   - workers: a worker loaded from a URL takes its policy from that script's own response, not
//     from the page's <meta>, so without the header the engine and problems workers (which hold the
//     API key and read agent files) would allow `eval` and string timers.
// A deployment must send HEADER_POLICY with every response (README "Security", "Deploying").

/** Directive → sources, in the order they are written. */
const PAGE_DIRECTIVES = [
  ['default-src', ["'self'"]],
  // QuickJS's WebAssembly is the only code compiled at run time; no string becomes script.
  ['script-src', ["'self'", "'wasm-unsafe-eval'"]],
  // Monaco's, TypeScript's and the engine's workers: the app's own files (blob: for Monaco's).
  ['worker-src', ["'self'", 'blob:']],
  // The LLM endpoint is the user's to choose (any OpenAI-compatible server, Anthropic, a local one).
  ['connect-src', ['*']],
  // React and Monaco set inline styles.
  ['style-src', ["'self'", "'unsafe-inline'"]],
  ['img-src', ["'self'", 'data:', 'blob:']],
  ['font-src', ["'self'", 'data:']],
  ['object-src', ["'none'"]],
  ['base-uri', ["'self'"]],
  ['form-action', ["'none'"]],
];

/** Only a header can carry these: a <meta> policy ignores them (with a console warning). */
const HEADER_ONLY_DIRECTIVES = [['frame-ancestors', ["'none'"]]];

const write = (directives) => directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');

/** The policy as index.html's <meta http-equiv="Content-Security-Policy"> holds it. */
export const META_POLICY = write(PAGE_DIRECTIVES);

/** The policy every response of the built app is served with (page, scripts, workers, WebAssembly). */
export const HEADER_POLICY = write([...PAGE_DIRECTIVES, ...HEADER_ONLY_DIRECTIVES]);

/** Headers for every response of `npm start` / `vite preview`. */
export const PREVIEW_HEADERS = {
  'Content-Security-Policy': HEADER_POLICY,
  // Browsers without frame-ancestors (old ones) still refuse to be framed.
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
};

/**
 * The dev server (`npm run dev`) runs Vite's inline HMR preamble and websockets, which the full
 * policy would refuse; it still refuses to be framed.
 */
export const DEV_HEADERS = {
  'Content-Security-Policy': write(HEADER_ONLY_DIRECTIVES),
  'X-Frame-Options': 'DENY',
};
