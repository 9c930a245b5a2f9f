import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PROVIDERS, PROVIDER_NAMES, type Provider, type ProviderContext, type ProviderName } from './index.js';

type Overlay = Record<string, unknown>;

/** What the contract needs to know of each provider; a registered provider without a row fails the spec. */
interface ContractRow {
  /** The smallest entry the schema accepts. */
  minimal: Overlay;
  /** Changes to the minimal entry that change what the critic answers: each must change the identity. */
  replyRelevant: Overlay[];
  /** Changes that alter how the critic runs, not what it answers: the identity (and so users' reply caches) must stay. */
  inert: Overlay[];
  /** Whether the prompt template shapes the replies (a model critic) or not (a built-in checker). */
  readsTemplate: boolean;
  /** Files the minimal entry names, as written and as edited: the edit must change the identity. */
  files?: Record<string, [string, string]>;
  /** Settings that carry a secret, every one spelled with SECRET: no part of them may reach the identity. */
  secrets?: Overlay;
}

const KEY_ENV = 'CRITIC_AUDIT_CONTRACT_API_KEY';

const ROWS: Record<ProviderName, ContractRow> = {
  openai: {
    minimal: { provider: 'openai', model: 'm1' },
    replyRelevant: [
      { model: 'm2' },
      { baseURL: 'https://llm.example/v1' },
      { baseURL: 'https://api.openai.com/v1?api-version=2024-10-01' },
      { temperature: 0.7 },
      { maxTokens: 100 },
      { verdict: 'claims', structuredOutput: true },
      { tools: { evidence: 'search' } },
      { tools: { evidence: 'search', maxCalls: 3 } },
      { tools: { decoys: true } },
    ],
    inert: [
      { name: 'other' },
      { timeoutMs: 5 },
      { prompt: 'other.md' },
      { verdict: 'pass-fail' },
      { structuredOutput: false },
      { apiKeyEnv: KEY_ENV },
      { pricing: { inputPerMillion: 1, outputPerMillion: 2 } },
      { rateLimit: { requestsPerMinute: 50 } },
    ],
    readsTemplate: true,
    secrets: { apiKeyEnv: KEY_ENV, baseURL: 'https://user:SECRET-password@llm.example/v1?key=SECRET-query' },
  },
  anthropic: {
    minimal: { provider: 'anthropic', model: 'claude-1', apiKeyEnv: KEY_ENV },
    replyRelevant: [
      { model: 'claude-2' },
      { baseURL: 'https://proxy.example' },
      { baseURL: 'https://api.anthropic.com?beta=1' },
      { temperature: 0.7 },
      { maxTokens: 100 },
      { anthropicVersion: '2024-01-01' },
      { tools: { evidence: 'search' } },
      { tools: { code: 'run', decoys: true } },
    ],
    inert: [{ name: 'other' }, { timeoutMs: 5 }, { prompt: 'other.md' }, { verdict: 'pass-fail' }, { pricing: { inputPerMillion: 1, outputPerMillion: 2 } }, { rateLimit: { tokensPerMinute: 1000 } }],
    readsTemplate: true,
    secrets: { baseURL: 'https://user:SECRET-password@proxy.example?key=SECRET-query' },
  },
  http: {
    minimal: { provider: 'http', url: 'https://review.example/api/review', body: { question: '{{task}}', answer: '{{artifact}}' }, reply: 'review' },
    replyRelevant: [
      { url: 'https://review.example/api/v2/review' },
      { url: 'https://review.example/api/review?tenant=b' },
      { method: 'PUT' },
      { body: { question: '{{task}}', answer: '{{artifact}}', sources: '{{evidence_json}}' } },
      { reply: 'output.review' },
      { verdictPath: 'verdict' },
      { headers: { 'x-review-model': 'v2' } },
    ],
    inert: [{ name: 'other' }, { timeoutMs: 5 }, { prompt: 'other.md' }, { verdict: 'pass-fail' }, { pricing: { inputPerMillion: 1, outputPerMillion: 2 } }, { rateLimit: { requestsPerMinute: 50 } }],
    readsTemplate: true,
    secrets: { url: 'https://user:SECRET-password@review.example/api/review?key=SECRET-query', headers: { authorization: `Bearer \${${KEY_ENV}}` } },
  },
  exec: {
    minimal: { provider: 'exec', command: ['node', 'critic.mjs'] },
    replyRelevant: [{ command: ['node', 'critic.mjs', '--strict'] }, { command: ['python3', 'critic.mjs'] }, { mode: 'persistent', tools: { evidence: 'search' } }],
    inert: [{ name: 'other' }, { mode: 'persistent' }, { mode: 'oneshot' }, { timeoutMs: 5 }, { prompt: 'other.md' }, { verdict: 'pass-fail' }],
    readsTemplate: true,
    files: { 'critic.mjs': ['// version 1\n', '// version 2\n'] },
  },
  'builtin:evidence-check': {
    minimal: { provider: 'builtin:evidence-check' },
    replyRelevant: [{ verdict: 'claims' }, { tools: { evidence: 'search' } }, { tools: { evidence: 'search', maxCalls: 4 } }],
    inert: [{ name: 'other' }, { verdict: 'pass-fail' }],
    readsTemplate: false,
  },
  'builtin:trace-trusting': { minimal: { provider: 'builtin:trace-trusting' }, replyRelevant: [{ tools: { evidence: 'search' } }], inert: [{ name: 'other' }], readsTemplate: false },
  'builtin:run-examples': { minimal: { provider: 'builtin:run-examples' }, replyRelevant: [], inert: [{ name: 'other' }], readsTemplate: false },
  'builtin:review-check': { minimal: { provider: 'builtin:review-check' }, replyRelevant: [], inert: [{ name: 'other' }, { verdict: 'agree-disagree' }], readsTemplate: false },
  'builtin:agree-confident': { minimal: { provider: 'builtin:agree-confident' }, replyRelevant: [], inert: [{ name: 'other' }, { verdict: 'agree-disagree' }], readsTemplate: false },
  'builtin:plan-check': { minimal: { provider: 'builtin:plan-check' }, replyRelevant: [], inert: [{ name: 'other' }, { verdict: 'accepted-issues' }], readsTemplate: false },
  'builtin:plan-trusting': { minimal: { provider: 'builtin:plan-trusting' }, replyRelevant: [], inert: [{ name: 'other' }], readsTemplate: false },
};

const baseDir = mkdtempSync(join(tmpdir(), 'critic-audit-providers-'));
const context = (templateHash = 'a'.repeat(16)): ProviderContext => ({
  name: 'contract',
  baseDir,
  timeoutMs: 1_000,
  templateHash,
  errorAt: (key, message) => new Error(`${key}: ${message}`),
});

beforeAll(() => {
  process.env[KEY_ENV] = 'SECRET-api-key';
});
afterAll(() => {
  delete process.env[KEY_ENV];
});

it('registers each provider name once, with a row in this spec', () => {
  expect(new Set(PROVIDER_NAMES).size).toBe(ALL_PROVIDERS.length);
  expect(Object.keys(ROWS).sort()).toEqual([...PROVIDER_NAMES].sort());
});

describe.each(ALL_PROVIDERS.map((p) => [p.name, p as Provider] as const))('provider %s', (name, provider) => {
  const row = ROWS[name];
  const entry = (...overlays: Overlay[]) => provider.schema.parse(Object.assign({}, row.minimal, ...overlays));
  const identity = (overlay: Overlay = {}, templateHash?: string) => provider.identity(entry(overlay), context(templateHash));
  const writeFiles = (version: 0 | 1) => Object.entries(row.files ?? {}).forEach(([file, texts]) => writeFileSync(join(baseDir, file), texts[version]));

  it('has a schema that accepts the minimal entry as its own and rejects an unknown key', () => {
    expect(entry().provider).toBe(name);
    expect(provider.schema.safeParse({ ...row.minimal, provider: 'not-a-provider' }).success).toBe(false);
    expect(provider.schema.safeParse({ ...row.minimal, notASetting: 1 }).success).toBe(false);
  });

  it('gives equal entries equal identities, naming the provider', () => {
    writeFiles(0);
    expect(identity().provider).toBe(name);
    expect(identity()).toEqual(identity());
  });

  it('changes its identity when any reply-relevant setting changes (the template too, for a critic that reads one)', () => {
    writeFiles(0);
    const before = identity();
    for (const overlay of row.replyRelevant) expect(identity(overlay), JSON.stringify(overlay)).not.toEqual(before);
    if (row.readsTemplate) expect(identity({}, 'b'.repeat(16))).not.toEqual(before);
    else expect(identity({}, 'b'.repeat(16))).toEqual(before);
    if (row.files) {
      writeFiles(1);
      expect(identity()).not.toEqual(before);
    }
  });

  it('keeps its identity when only a setting that does not shape the replies changes', () => {
    writeFiles(0);
    const before = identity();
    for (const overlay of row.inert) expect(identity(overlay), JSON.stringify(overlay)).toEqual(before);
  });

  it("never puts an API key, or a URL's user, password or query string, into its identity", () => {
    writeFiles(0);
    expect(process.env[KEY_ENV]).toMatch(/SECRET/);
    expect(JSON.stringify(identity(row.secrets ?? {}))).not.toMatch(/SECRET/);
  });

  it('creates a critic with that name and identity', async () => {
    writeFiles(0);
    for (const overlay of [{}, ...(row.secrets ? [row.secrets] : [])]) {
      const critic = provider.create(entry(overlay), context());
      try {
        expect(critic.name).toBe('contract');
        expect(critic.identity).toEqual(provider.identity(entry(overlay), context()));
        expect(critic.review).toBeTypeOf('function');
      } finally {
        await critic.close?.();
      }
    }
  });
});
