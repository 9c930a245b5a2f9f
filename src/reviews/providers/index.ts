import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AuditConfig, NamedCritic } from '../../config/load.js';
import { sha256Hex } from '../../util/hash.js';
import type { Critic, CriticIdentity } from '../critic.js';
import { createEvidenceCheckCritic } from '../builtin/evidenceCheck.js';
import { createRunExamplesCritic } from '../builtin/runExamples.js';
import { createTraceTrustingCritic } from '../builtin/traceTrusting.js';
import { createExecCritic } from './exec.js';
import { createPersistentExecCritic } from './execPersistent.js';
import { createOpenAICritic, DEFAULT_OPENAI_BASE_URL } from './openai.js';

/** Builds the critic a config entry describes. Fails (exit 2) on a missing API key before anything is sent. */
export function createCritic(entry: NamedCritic, config: AuditConfig): Critic {
  const { name, config: c, path, template } = entry;
  const templateHash = sha256Hex(template).slice(0, 16);
  switch (c.provider) {
    case 'openai': {
      let apiKey = 'not-needed';
      if (c.apiKeyEnv) {
        const value = process.env[c.apiKeyEnv];
        if (!value) throw config.source.errorAt([...path, 'apiKeyEnv'], `environment variable ${c.apiKeyEnv} is not set`);
        apiKey = value;
      }
      const identity: CriticIdentity = {
        provider: 'openai',
        baseURL: withoutCredentials(c.baseURL ?? DEFAULT_OPENAI_BASE_URL),
        // A query string (Azure's api-version, say) can change the replies but may carry a key: only its hash.
        ...(c.baseURL && new URL(c.baseURL).search ? { baseURLQuerySha256: sha256Hex(new URL(c.baseURL).search).slice(0, 16) } : {}),
        model: c.model,
        temperature: c.temperature ?? null,
        maxTokens: c.maxTokens ?? null,
        templateHash,
      };
      return createOpenAICritic({ name, model: c.model, baseURL: c.baseURL, apiKey, temperature: c.temperature, maxTokens: c.maxTokens, timeoutMs: c.timeoutMs ?? config.timeoutMs, identity });
    }
    case 'exec': {
      const [program, ...args] = c.command as [string, ...string[]];
      // The mode is how reviews travel, not what the critic answers: it stays out of the identity, as the
      // transport of an openai critic does. (A script written for the other mode has its own hash anyway.)
      const identity: CriticIdentity = { provider: 'exec', command: c.command, scriptHashes: scriptHashes(c.command, config.baseDir), templateHash };
      const create = c.mode === 'persistent' ? createPersistentExecCritic : createExecCritic;
      return create({ name, command: [program, ...args], cwd: config.baseDir, timeoutMs: c.timeoutMs ?? config.timeoutMs, identity });
    }
    case 'builtin:evidence-check':
      return createEvidenceCheckCritic(name);
    case 'builtin:trace-trusting':
      return createTraceTrustingCritic(name);
    case 'builtin:run-examples':
      return createRunExamplesCritic(name);
  }
}

/**
 * The endpoint as it may be written into a manifest: a user name, password or
 * query string in a base URL often carries a key, so they are dropped.
 */
function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  parsed.search = '';
  return parsed.toString().replace(/\/$/, '');
}

/** Hashes of the files an exec command names (its script), so editing the script changes the critic's identity. */
function scriptHashes(command: readonly string[], baseDir: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const arg of command) {
    const file = resolve(baseDir, arg);
    try {
      if (statSync(file).isFile()) hashes[arg] = sha256Hex(readFileSync(file)).slice(0, 16);
    } catch {
      // Not a file: an ordinary argument.
    }
  }
  return hashes;
}
