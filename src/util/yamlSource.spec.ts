import { describe, expect, it } from 'vitest';
import { YamlSource } from './yamlSource.js';

const FILE = [
  'items:', //                              1
  '  - folded: >  # a comment', //          2
  '      First sentence here.', //          3
  '      Second sentence starts', //        4
  '      here and goes on.', //             5
  '    literal: |', //                      6
  '      One.', //                          7
  '', //                                    8
  '      Two.', //                          9
  '    plain: alpha beta', //              10
  '      gamma delta', //                  11
  '    escaped: "a\\nb', //                12
  '      c d"', //                         13
  '',
].join('\n');

describe('YamlSource.lineAtOffset', () => {
  const source = YamlSource.parse('f.yaml', FILE);
  const offsetOf = (path: string[], text: string) => (source.data as { items: Array<Record<string, string>> }).items[0]![path[0]!]!.indexOf(text);

  it('finds the line of a word inside a folded block scalar, past its header', () => {
    const path = ['items', 0, 'folded'];
    expect(source.lineAtOffset(path, 0)).toBe(3);
    expect(source.lineAtOffset(path, offsetOf(['folded'], 'Second'))).toBe(4);
    expect(source.lineAtOffset(path, offsetOf(['folded'], 'goes'))).toBe(5);
  });

  it('finds lines in literal and plain multi-line scalars', () => {
    expect(source.lineAtOffset(['items', 0, 'literal'], offsetOf(['literal'], 'Two.'))).toBe(9);
    expect(source.lineAtOffset(['items', 0, 'plain'], offsetOf(['plain'], 'gamma'))).toBe(11);
  });

  it("falls back to the value's line when the written words differ from the value's (escapes)", () => {
    expect(source.lineAtOffset(['items', 0, 'escaped'], offsetOf(['escaped'], 'd'))).toBe(12);
  });

  it("falls back to the nearest ancestor's line when the path leads nowhere", () => {
    expect(source.lineAtOffset(['items', 0, 'missing'], 3)).toBe(2);
  });
});
