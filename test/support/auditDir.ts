import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../src/util/packageRoot.js';
import { userText, verdictReply, type ChatRequestBody, type FakeResponse } from './fakeOpenAI.js';

/** A temp folder holding a config for an openai critic at `baseURL`, over one bundled fixture file. */
export function auditDir(baseURL: string, extra = ''): { dir: string; config: string } {
  const dir = mkdtempSync(join(tmpdir(), 'critic-audit-engine-'));
  const config = join(dir, 'critic.config.yaml');
  writeFileSync(
    config,
    `fixtures: [${JSON.stringify(join(PACKAGE_ROOT, 'fixtures/policy/hr-policy.yaml'))}]
conditions: [clean, with-trace]
mutantsPerFixture: 4
seed: 3
concurrency: 4
retries: 4
timeoutMs: 2000
critic:
  name: model
  provider: openai
  model: fake-model
  baseURL: ${baseURL}
  temperature: 0
${extra}`,
  );
  return { dir, config };
}

/** A critic whose verdict is a fixed function of what it was shown: the same request, the same reply. */
export function deterministicReply(body: ChatRequestBody): FakeResponse {
  const byte = createHash('sha256').update(userText(body)).digest()[0]!;
  return verdictReply(byte % 3 === 0 ? 'PASS' : 'FAIL');
}
