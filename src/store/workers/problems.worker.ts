// Lint and the target's losses (problemsOf) off the main thread: on a 500-stage agent they take
// hundreds of milliseconds, which on the page would block the keystroke that lands next (issue 16).
import * as Comlink from 'comlink';
import { problemsApi } from './problems-api';

Comlink.expose(problemsApi());
