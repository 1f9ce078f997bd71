import { Fragment, memo } from 'react';
import { nameSegments } from '../name-fit';

/**
 * A name that may wrap only where name-fit.ts measured it to: after `_`, `-`, `.`, `/` and between
 * camelCase humps, by <wbr> (the text itself is unchanged: copy, search and screen readers get the
 * name as written). The CSS never breaks inside a word (canvas.css, overflow-wrap: normal).
 */
export const NameText = memo(function NameText({ name }: { name: string }) {
  const segments = nameSegments(name);
  return (
    <>
      {segments.map((segment, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {segment}
        </Fragment>
      ))}
    </>
  );
});
