import { describe, expect, it } from 'vitest';
import { ErrorCauses, failureCause } from './failureCause.js';

describe('failureCause', () => {
  it.each([
    ['connect ECONNREFUSED 127.0.0.1:8799 (ECONNREFUSED)', 'connect ECONNREFUSED 127.0.0.1:8799 (ECONNREFUSED)'],
    ['exec critic exited with code 1:\n  Traceback\n   KeyError', 'exec critic exited with code 1: Traceback KeyError'],
    ['HTTP 500: request 0123456789abcdef0123 failed', 'HTTP 500: request … failed'],
  ])('%j -> %j', (message, cause) => expect(failureCause(message)).toBe(cause));

  it('keeps messages that differ in substance apart', () => {
    expect(failureCause('HTTP 404: Not Found')).not.toBe(failureCause('HTTP 401: Incorrect API key'));
  });
});

describe('ErrorCauses', () => {
  it('counts each cause once, most frequent first, with its first example', () => {
    const causes = new ErrorCauses();
    causes.add('HTTP 401: bad key', { itemId: 'a', condition: 'clean', repeat: 0 });
    causes.add('spawn python4 ENOENT', { itemId: 'b', condition: 'clean', repeat: 0 });
    causes.add('spawn python4 ENOENT', { itemId: 'c', condition: 'with-trace', repeat: 0 });
    expect(causes.list()).toEqual([
      { cause: 'spawn python4 ENOENT', count: 2, message: 'spawn python4 ENOENT', example: { itemId: 'b', condition: 'clean', repeat: 0 } },
      { cause: 'HTTP 401: bad key', count: 1, message: 'HTTP 401: bad key', example: { itemId: 'a', condition: 'clean', repeat: 0 } },
    ]);
  });
});
