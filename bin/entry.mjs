// What scripts/build-cli.mjs bundles into dist-cli/callboard.mjs: the CLI's sources and the Node IO.
import { runCli } from '../src/cli/main.ts';
import { runWith } from './node-io.mjs';

export const run = () => runWith(runCli);
