import { join } from 'node:path';
import { countTokens as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../fixtures/load.js';
import { PACKAGE_ROOT } from '../util/packageRoot.js';
import { tokenEstimator } from './tokenEstimate.js';

const hello = [{ role: 'user' as const, content: 'Hello world, how are you?' }];

describe('tokenEstimator', () => {
  it("counts an OpenAI model's tokens with its tokenizer, plus the chat format's overhead", async () => {
    // "Hello world, how are you?" is 7 tokens in both encodings.
    const o200k = await tokenEstimator('openai', 'gpt-4o-mini');
    expect(o200k.method).toBe('o200k_base tokenizer');
    expect(o200k.count(hello)).toBe(7 + 3 + 3);
    const cl100k = await tokenEstimator('openai', 'gpt-4-turbo');
    expect(cl100k.method).toBe('cl100k_base tokenizer');
    expect(cl100k.count(hello)).toBe(13);
  });

  it('falls back to 4 characters per token for any other model', async () => {
    const claude = await tokenEstimator('anthropic', 'claude-sonnet-4');
    expect(claude.method).toBe('4-characters-per-token rule');
    expect(claude.count([{ role: 'user', content: 'x'.repeat(401) }])).toBe(101);
    expect((await tokenEstimator('openai', 'llama-3-70b')).method).toBe('4-characters-per-token rule');
  });

  it('counts a text in pieces to the same total as the text whole, on every bundled text fixture and on the cuts a piece could straddle', async () => {
    // A request's text as the template lays it out: blocks separated by blank lines (the evidence as `### [id] title`).
    const requests = loadFixtures(['policy', 'unseen', 'unseen77'].map((suite) => join(PACKAGE_ROOT, 'fixtures', suite)))
      .flatMap((f) => (f.kind === 'text' ? [f] : []))
      .map((f) => [f.task, ...f.evidence.map((e) => `### [${e.id}]${e.title ? ` ${e.title}` : ''}\n${e.text}`), f.artifact, f.trace ?? ''].join('\n\n'));
    expect(requests.length).toBeGreaterThan(60);
    const straddling = ['end.\n\n/path', "it\n\n's", 'spaces  \n\n# heading', 'four\n\n\n\nX', 'crlf\r\n\r\nY', '£5\n\n10 days', 'a\n\n[b]\n\n 7'];
    for (const [model, whole] of [
      ['gpt-4o-mini', o200k],
      ['gpt-4-turbo', cl100k],
    ] as const) {
      const estimator = await tokenEstimator('openai', model);
      for (const text of [...requests, ...straddling]) expect(estimator.count([{ role: 'user', content: text }]), text.slice(0, 60)).toBe(whole(text) + 3 + 3);
    }
  });
});
