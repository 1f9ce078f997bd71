import type { AgentDocument } from '../model';
import type { ProjectRepository } from './persistence';

/**
 * The last edits of a page that is going away, written synchronously. An IndexedDB write started
 * on `pagehide` may never commit when the tab closes at once (seen in e2e: the last keystrokes of
 * a burst were lost); localStorage is written before the event returns. The entry says which
 * revision the document would have on disk once every started write landed: on the next boot, a
 * saved revision below it means those writes were lost, and the journal's document is saved.
 */
export interface JournalEntry {
  id: string;
  rev: number;
  doc: AgentDocument;
}

export interface SaveJournal {
  read(): JournalEntry | null;
  write(entry: JournalEntry): void;
  clear(): void;
}

const KEY = 'callboard.unsaved-edits';

/** localStorage where the page has it; nothing (no journal) elsewhere, e.g. Node tests. */
export function browserSaveJournal(storage: Storage | undefined = globalThis.localStorage): SaveJournal {
  if (!storage) return memorySaveJournal();
  return {
    read() {
      try {
        const entry = JSON.parse(storage.getItem(KEY) ?? 'null') as JournalEntry | null;
        return entry && typeof entry.id === 'string' && typeof entry.rev === 'number' && entry.doc ? entry : null;
      } catch {
        return null;
      }
    },
    write(entry) {
      try {
        storage.setItem(KEY, JSON.stringify(entry));
      } catch {
        // Over quota (a very large agent): the IndexedDB write started beside it is all there is.
      }
    },
    clear() {
      storage.removeItem(KEY);
    },
  };
}

export function memorySaveJournal(): SaveJournal {
  let entry: JournalEntry | null = null;
  return { read: () => entry, write: (e) => (entry = structuredClone(e)), clear: () => (entry = null) };
}

/** Edits the last page journaled as it went away, saved if their IndexedDB writes never landed. */
export async function replaySaveJournal(journal: SaveJournal, repo: Pick<ProjectRepository, 'revision' | 'save'>): Promise<void> {
  const kept = journal.read();
  if (!kept) return;
  try {
    const saved = await repo.revision(kept.id);
    if (saved < kept.rev) await repo.save(kept.doc, saved);
  } catch {
    // A record changed or broken since: the journal cannot be placed safely; the record wins.
  }
  journal.clear();
}
