// Reads a .zip off the main thread: listing, inflating within ZIP_LIMITS and decoding happen here,
// so a .zip built to inflate to gigabytes never stalls the page; only the texts come back.
import * as Comlink from 'comlink';
import { zipApi } from './zip-api';

Comlink.expose(zipApi);
