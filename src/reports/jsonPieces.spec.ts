import { describe, expect, it } from 'vitest';
import { batched, JsonArray, JsonEntries, jsonPieces } from './jsonPieces.js';

const document = {
  a: 1,
  skipped: undefined,
  list: [{ x: 'line\nbreak', y: [1, 2, { z: null }] }, []],
  nested: { empty: {}, items: [{ deep: { deeper: [true] } }], text: '</script> \u2028' },
};

describe('jsonPieces', () => {
  it('writes markers as the arrays and objects they stand for, byte for byte as JSON.stringify', () => {
    const lazy = {
      a: 1,
      skipped: undefined,
      list: new JsonArray(document.list),
      nested: { empty: new JsonEntries([]), items: new JsonArray([{ deep: { deeper: new JsonArray([true]) } }]), text: document.nested.text },
    };
    for (const gap of ['', '  ', '\t']) {
      expect([...jsonPieces(lazy, gap)].join('')).toBe(JSON.stringify(document, null, gap));
      expect([...jsonPieces(new JsonArray([]), gap)].join('')).toBe('[]');
      expect([...jsonPieces(new JsonEntries(Object.entries(document)), gap)].join('')).toBe(JSON.stringify(document, null, gap));
      expect([...jsonPieces(new JsonArray([1, undefined, 'x']), gap)].join('')).toBe(JSON.stringify([1, undefined, 'x'], null, gap));
    }
  });

  it('joins pieces into bigger strings without losing any', () => {
    const pieces = Array.from({ length: 1000 }, (_, i) => `piece ${i};`);
    const joined = [...batched(pieces, 100)];
    expect(joined.join('')).toBe(pieces.join(''));
    expect(joined.length).toBeLessThan(200);
  });
});
