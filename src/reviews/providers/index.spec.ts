import { mkdtempSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.js';
import { InputError } from '../../errors.js';
import { createCritic } from './index.js';

/** A config file with one fixture folder and the rest as given; its path. */
function configFile(rest: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'critic-audit-identity-'));
  mkdirSync(join(dir, 'suite'));
  writeFileSync(join(dir, 'suite', 'a.yaml'), 'fixtures:\n  - id: f\n    kind: text\n    task: t\n    artifact: Staff get 5 days.\n    evidence: [{id: e, text: Staff get 5 days.}]\n');
  writeFileSync(join(dir, 'critic.config.yaml'), `fixtures: [suite]\n${rest}`);
  return join(dir, 'critic.config.yaml');
}

function criticFor(critic: string) {
  const config = loadConfig(configFile(`critic: ${critic}\n`));
  return createCritic(config.critics[0]!, config);
}

function identityFor(baseURL: string) {
  return criticFor(`{name: m, provider: openai, model: m1, baseURL: "${baseURL}"}`).identity;
}

describe("an openai critic's identity (manifest and cache keys)", () => {
  it('keeps no credentials or query string of the base URL, but tells query strings apart by a hash', () => {
    const identity = identityFor('https://user:pw-secret@llm.example/v1?api-version=2024-10-01&key=k-secret');
    expect(identity.baseURL).toBe('https://llm.example/v1');
    expect(JSON.stringify(identity)).not.toMatch(/secret/);
    expect(identity.baseURLQuerySha256).toMatch(/^[0-9a-f]{16}$/);
    expect(identityFor('https://llm.example/v1?api-version=2025-01-01').baseURLQuerySha256).not.toBe(identity.baseURLQuerySha256);
    expect(identityFor('https://llm.example/v1')).not.toHaveProperty('baseURLQuerySha256');
  });
});

describe("an exec critic's mode", () => {
  it('persistent builds a critic that keeps its process (and can close it); the mode stays out of the identity', async () => {
    const oneshot = criticFor('{name: x, provider: exec, command: [python3, critic.py]}');
    const persistent = criticFor('{name: x, provider: exec, command: [python3, critic.py], mode: persistent}');
    expect(oneshot.close).toBeUndefined();
    expect(persistent.close).toBeTypeOf('function');
    await persistent.close!();
    expect(persistent.identity).toEqual(oneshot.identity);
    expect(criticFor('{name: x, provider: exec, command: [python3, critic.py], mode: oneshot}').close).toBeUndefined();
  });
});

describe("an exec critic's script in its identity", () => {
  it('follows the script as it is now: the same for an unchanged file, changed by an edit that keeps its size and modification time', () => {
    const config = loadConfig(configFile('critic: {name: x, provider: exec, command: [python3, critic.py]}\n'));
    const script = join(config.baseDir, 'critic.py');
    const identity = () => createCritic(config.critics[0]!, config).identity;
    // A whole second as the modification time: an edit can put it back exactly.
    const written = new Date('2025-01-01T00:00:00Z');
    writeFileSync(script, 'print("VERDICT: PASS")\n');
    utimesSync(script, written, written);
    const first = identity();
    expect(first.scriptHashes).toEqual({ 'critic.py': expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(identity()).toEqual(first);
    writeFileSync(script, 'print("VERDICT: FAIL")\n');
    utimesSync(script, written, written);
    expect(identity().scriptHashes).not.toEqual(first.scriptHashes);
  });

  it("follows a binary (an interpreter, a compiled critic) by its size and ends, not its middle: another build's header, tail or length changes it", () => {
    const config = loadConfig(configFile('critic: {name: x, provider: exec, command: [./critic-bin, --strict]}\n'));
    const binary = join(config.baseDir, 'critic-bin');
    const identity = () => createCritic(config.critics[0]!, config).identity.scriptHashes;
    const written = new Date('2025-01-01T00:00:00Z');
    const build = (size: number, at: number, byte: number) => {
      const bytes = Buffer.alloc(size, 7);
      // An ELF header: a compiled program.
      bytes.set([0x7f, 0x45, 0x4c, 0x46], 0);
      bytes[at] = byte;
      writeFileSync(binary, bytes);
      utimesSync(binary, written, written);
      return identity();
    };
    const SIZE = 6 * 1024 * 1024;
    const first = build(SIZE, 8, 1);
    expect(first).toEqual({ './critic-bin': expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(build(SIZE, 8, 1)).toEqual(first);
    expect(build(SIZE, 8, 2)).not.toEqual(first);
    expect(build(SIZE, SIZE - 1, 2)).not.toEqual(first);
    expect(build(SIZE + 1, 8, 1)).not.toEqual(first);
    // Its middle is not read: a binary as large as node's is not read whole by every run.
    expect(build(SIZE, SIZE / 2, 1)).toEqual(build(SIZE, SIZE / 2, 2));
  });

  it('reads a large script, bundle or data file whole: an edit in its middle changes the identity (the review)', () => {
    const config = loadConfig(configFile('critic: {name: x, provider: exec, command: [node, ./bundle.js]}\n'));
    const bundle = join(config.baseDir, 'bundle.js');
    const written = new Date('2025-01-01T00:00:00Z');
    const SIZE = 6 * 1024 * 1024;
    const identity = (middle: string) => {
      const text = Buffer.alloc(SIZE, 0x20);
      text.write(`const threshold = ${middle};`, SIZE / 2);
      writeFileSync(bundle, text);
      utimesSync(bundle, written, written);
      return createCritic(config.critics[0]!, config).identity.scriptHashes;
    };
    expect(identity('0.50')).not.toEqual(identity('0.90'));
  });
});

describe("a provider's own config rules (validateConfig), checked as the config loads", () => {
  const httpCritic = (body: string) => `  - {name: service, provider: http, url: "http://127.0.0.1:1/review", reply: review, body: '${body}'}\n`;
  const critics = (body: string) => `critics:\n  - {provider: builtin:evidence-check}\n${httpCritic(body)}`;

  it('refuses an http body without the conversation when the run has second turns, naming the file, line and field (exit 2)', () => {
    const file = configFile(`conditions: [clean, are-you-sure]\n${critics('{"text": "{{artifact}}"}')}`);
    let error: unknown;
    try {
      loadConfig(file);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ file, line: 5, field: 'critics[1].body' });
    expect((error as InputError).problem).toMatch(/second-turn conditions.*neither \{\{messages_json\}\} nor \{\{prompt\}\}/);
  });

  it('accepts the same body without second turns, and a body that carries the conversation with them', () => {
    expect(loadConfig(configFile(`conditions: [clean, prior-pass]\n${critics('{"text": "{{artifact}}"}')}`)).critics).toHaveLength(2);
    expect(loadConfig(configFile(`conditions: [clean, are-you-sure]\n${critics('{"messages": {{messages_json}}}')}`)).critics).toHaveLength(2);
  });
});
