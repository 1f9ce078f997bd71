// Test support (tests and scripts only): a Ruby agent's folder on disk as the readers get one.
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { AgentFolder } from '../../../../formats/file-kind';

/** The folder at `root`, its class at `agent` (a path from `root`). */
export const folderSource = (root: string, agent: string): AgentFolder => ({
  agent,
  files: { read: (path) => (existsSync(`${root}/${path}`) && statSync(`${root}/${path}`).isFile() ? readFileSync(`${root}/${path}`, 'utf8') : undefined) },
});
