// Test support (tests, scripts and the conformance harness only): a Python agent's folder on disk as
// the importer reads it.
import { readdirSync, readFileSync, statSync } from 'node:fs';

/** Every .py and .jinja file under `root`, by its path from `root` ('agent.py', 'views/x.jinja'). */
export function folderFiles(root: string, sub = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(sub ? `${root}/${sub}` : root)) {
    const path = sub ? `${sub}/${name}` : name;
    if (statSync(`${root}/${path}`).isDirectory()) Object.assign(out, folderFiles(root, path));
    else if (/\.(py|jinja)$/.test(name)) out[path] = readFileSync(`${root}/${path}`, 'utf8');
  }
  return out;
}
