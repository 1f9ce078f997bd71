// A long text as a panel shows it (./cut-text.ts): its first 20,000 characters, and when there is
// more, "Show all (12.0 MB)" and Download. "Show all" is a plain pre paged 200,000 characters at a
// time rather than a read-only Monaco: Monaco would load its chunk into the chat, hold the text as
// a model and still stall on a single 12 MB line (its tokenizer and line measuring work per line),
// while a pre of one page lays out in tens of milliseconds and can be selected and copied as is.
// Download hands the whole text to the browser as a file, with no layout at all.
import { useMemo, useState } from 'react';
import { formatSize, utf8Length } from '../model/size';
import { headOf, pageOf, SHOWN_CHARACTERS } from './cut-text';
import './cut-text.css';

interface Props {
  text: string;
  className?: string;
  testId?: string;
  /** The file name Download suggests. */
  fileName?: string;
  /** What the text is, said to a screen reader ("System prompt"): the pre is then a named region. */
  label?: string;
}

const count = (n: number) => n.toLocaleString('en-US');

export function CutText({ text, className, testId, fileName = 'text.txt', label }: Props) {
  // A pre that scrolls (a panel caps its height) is reachable from the keyboard, so its rest can be read without a mouse.
  const region = { tabIndex: 0, ...(label ? { role: 'region', 'aria-label': label } : {}) };
  const [page, setPage] = useState<number | null>(null);
  const long = text.length > SHOWN_CHARACTERS;
  // Counting a 12 MB text's bytes takes a few milliseconds: once per text, not per render.
  const size = useMemo(() => (long ? formatSize(utf8Length(text), true) : ''), [long, text]);
  if (!long) return <pre className={className} data-testid={testId} {...region}>{text}</pre>;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.click();
    // The click has handed the blob to the download; the URL is not needed after this task.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  const shown = page === null ? { text: headOf(text), from: 0, to: headOf(text).length, pages: 1 } : pageOf(text, page);
  return (
    <div className="cut-text" data-testid="cut-text">
      <pre className={className} data-testid={testId} {...region}>{shown.text}</pre>
      <div className="cut-text-bar" role="group" aria-label="A long text, cut">
        <span className="cut-text-note" data-testid="cut-text-note">
          {page === null
            ? `Showing the first ${count(shown.to)} of ${count(text.length)} characters.`
            : `Characters ${count(shown.from + 1)}–${count(shown.to)} of ${count(text.length)} (page ${page + 1} of ${shown.pages}).`}
        </span>
        {page === null ? (
          <button type="button" data-testid="cut-show-all" onClick={() => setPage(0)}>Show all ({size})</button>
        ) : (
          <>
            <button type="button" data-testid="cut-prev" disabled={page === 0} onClick={() => setPage(page - 1)}>Previous</button>
            <button type="button" data-testid="cut-next" disabled={page >= shown.pages - 1} onClick={() => setPage(page + 1)}>Next</button>
            <button type="button" data-testid="cut-show-less" onClick={() => setPage(null)}>Show less</button>
          </>
        )}
        <button type="button" data-testid="cut-download" onClick={download}>Download</button>
      </div>
    </div>
  );
}
