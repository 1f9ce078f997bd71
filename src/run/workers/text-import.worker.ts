// Reads YAML and JSON agent files off the page's thread (./text-import-api.ts).
import * as Comlink from 'comlink';
import { textImportApi } from './text-import-api';

Comlink.expose(textImportApi);
