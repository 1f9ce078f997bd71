// The Export preview's text written off the main thread: the Block Agent YAML of a 500-stage agent
// takes most of a second to write, which on the page would block typing (issue 16, point 5).
import * as Comlink from 'comlink';
import { exportApi } from './export-api';

Comlink.expose(exportApi());
