import { describe, expect, it } from 'vitest';
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
});
