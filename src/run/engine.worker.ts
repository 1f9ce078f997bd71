// The engine's own thread in the page. Every step, retry, replay and conversation-test run happens
// here, and with it everything an agent file brings that runs: templates, `when` predicates,
// expression conditions and tool bodies (each in QuickJS, with a deadline and the step's budget).
// The page's thread only sends settings and draws; Stop that this thread cannot hear in time (it is
// inside agent code) terminates it (./engine-host.ts).
import * as Comlink from 'comlink';
import { createEngineApi } from './engine-api';
import { wireServer } from './engine-wire';

Comlink.expose(wireServer(createEngineApi()));
