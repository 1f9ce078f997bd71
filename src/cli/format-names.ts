// The formats the usage lines and messages list, from the kinds of agent file (formats/file-kind.ts):
// a runtime added with a new kind of file shows in every command's help with no edit here.
import { FILE_FORMATS } from '../formats/file-format';

/** `json|ts|py|yaml|flow`. */
export const FORMATS_LIST = FILE_FORMATS.join('|');
