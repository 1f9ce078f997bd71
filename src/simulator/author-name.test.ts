import { describe, expect, it } from 'vitest';
import { authorName } from './author-name';
import { ON_CALL_AUTHOR } from '../runtimes/pinecall/engine/hooks';
import { sampleAgent } from './testing';

const doc = sampleAgent();

describe('authorName', () => {
  it('names a tool by its name and an edge by its stages, never by its id', () => {
    expect(authorName(doc, 'book')).toBe('book');
    expect(authorName(doc, 'e_greet_identify')).toBe('edge greet → identify');
    expect(authorName(doc, 'e_greet_loop')).toBe('edge greet ↻');
  });

  it("names the runtime's own authors in words, and keeps one that is gone as recorded", () => {
    expect(authorName(doc, 'loop')).toBe('a loop edge');
    expect(authorName(doc, 'looping')).toBe("the block's looping threshold");
    expect(authorName(doc, ON_CALL_AUTHOR)).toBe('hook:onCall');
    expect(authorName(doc, 'deleted_tool')).toBe('deleted_tool');
  });
});
