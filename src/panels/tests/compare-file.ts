// A file to compare the tests with: read by the import dialog's importer (run-import.ts, loaded on
// first use), so a file means the same agent here as there; a .zip through its bundle reader.
import type { AgentDocument } from '../../model';
import { detectFormat } from '../../formats/file-format';

export async function readComparedFile(file: File): Promise<{ doc?: AgentDocument; error?: string }> {
  const mod = await import('../import/run-import');
  try {
    let text: string;
    let name = file.name;
    if (/\.zip$/i.test(file.name)) {
      const bundle = await mod.unzipBundle(file);
      if (!bundle.ok) return { error: bundle.message };
      text = bundle.agent.text;
      name = bundle.agent.path.slice(bundle.agent.path.lastIndexOf('/') + 1);
    } else {
      text = await file.text();
    }
    const outcome = await mod.runImport(text, detectFormat(text, name), { fileName: name });
    if (outcome.kind === 'error') {
      const [first] = outcome.errors;
      return { error: `${first.line ? `line ${first.line}: ` : ''}${first.message}` };
    }
    if (outcome.kind === 'tools') return { error: 'a list of tools, not a whole agent: choose an agent file' };
    return { doc: outcome.doc };
  } catch (failure) {
    return { error: failure instanceof Error ? failure.message : String(failure) };
  }
}
