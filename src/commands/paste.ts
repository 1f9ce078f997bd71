import { shortcut } from './keys';
import { canvasCommand } from './where';

export const paste = canvasCommand({
  id: 'paste',
  label: 'Paste',
  words: 'clipboard insert',
  shortcut: shortcut([{ key: 'v', mod: true, shift: false }]),
  // No preventDefault: the browser's paste event follows with the system clipboard's text.
  run: ({ canvas }) => canvas.paste(),
});
