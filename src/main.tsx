import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { AppProvider } from './store/context';
import { createAppStore, createProjectRepository, createProjectsController } from './store';
import { flushWhenPageHides } from './store/page-lifecycle';
import { flushPendingWrites } from './store/pending-writes';
import { lazyVersionRepository } from './store/versions/lazy';
import { startVersionRecorder } from './store/versions/recorder';
import type { AgentDocument } from './model';
import { withDefaults } from './model/document';
import './app/app.css';

// The schema validator (loadDocument) and the sample load apart from the first paint, which is
// on a budget (.size-limit.mjs): the sample is still bundled (a chunk of the app), so a first
// visit asks no other origin for it. The validator loads for documents from outside (a saved
// project, a file, ?example=), not for the sample: that is a current, valid document, which
// loadDocument returns unchanged (src/model/migrations.test.ts holds it), so a first visit opens
// it as loadDocument would (withDefaults: the same keys in the same order) and does not fetch the
// validator (10 kB gzip) only to be told so.
const loadDocument = async (raw: unknown) => (await import('./model/migrations')).loadDocument(raw);

async function sample(): Promise<AgentDocument> {
  const sampleJson = (await import('../public/examples/clinic-booking.json')).default;
  return withDefaults(structuredClone(sampleJson)) as unknown as AgentDocument;
}

const store = createAppStore();
const projects = createProjectsController(store, createProjectRepository(), sample);
flushWhenPageHides(projects);
const versions = lazyVersionRepository();
const versionRecorder = startVersionRecorder(store, versions);
void projects.boot().then(openExampleFromUrl);

/** `?example=NAME` opens public/examples/NAME.json as a new project (fixtures for tests, links in docs). */
async function openExampleFromUrl() {
  const url = new URL(location.href);
  const name = url.searchParams.get('example');
  if (!name) return;
  url.searchParams.delete('example');
  history.replaceState(null, '', url);
  try {
    const response = await fetch(`${import.meta.env.BASE_URL}examples/${encodeURIComponent(name)}.json`);
    if (!response.ok) throw new Error(`no example named ${name} (HTTP ${response.status})`);
    const result = await loadDocument(await response.json());
    if (!result.ok) throw new Error(result.errors.map((e) => `${e.path} ${e.message}`).join('; '));
    await projects.openDocument(result.doc);
  } catch (error) {
    store.getState().setLoadError(`Example "${name}" could not be opened: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// Exposed for end-to-end tests (reading state, waiting for saves); holds no secrets. `settle` lands
// the keystroke writes still waiting for their frame (store/pending-writes.ts) before a test reads the document.
(globalThis as { __callboard?: unknown }).__callboard = { store, projects, versions, versionRecorder, settle: flushPendingWrites };

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider services={{ store, projects, versions }}>
      <App />
    </AppProvider>
  </StrictMode>,
);
