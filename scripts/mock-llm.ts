// Runs the mock LLM server on its own, for Playwright's webServer and for trying the app by hand:
//   npx tsx scripts/mock-llm.ts --port 4418 [--host 127.0.0.1]
// Script it with POST /__mock/script (a JSON array of turns); see test/mock-llm/types.ts.
import { startMockLlm } from '../test/mock-llm/server';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const port = Number(option('port') ?? process.env.E2E_MOCK_PORT ?? 4418);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number (0-65535), not "${option('port')}".`);
  process.exit(2);
}
const host = option('host') ?? '127.0.0.1';

const mock = await startMockLlm({ port, host });
console.log(`mock LLM listening on ${mock.url} (OpenAI base URL ${mock.openaiBaseUrl}, Anthropic base URL ${mock.anthropicBaseUrl})`);

const stop = () => {
  void mock.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
