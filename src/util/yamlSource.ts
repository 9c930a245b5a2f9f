import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument, isMap, isScalar, isSeq, type Node } from 'yaml';
import type { ZodType } from 'zod';
import { InputError } from '../errors.js';

/** A parsed YAML file that can say on which line any value sits, for error messages. */
export class YamlSource {
  private constructor(
    readonly file: string,
    readonly data: unknown,
    private readonly text: string,
    private readonly root: Node | null,
    private readonly lines: LineCounter,
  ) {}

  static read(file: string): YamlSource {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      throw new InputError(file, undefined, undefined, `cannot read file: ${(err as Error).message}`);
    }
    return YamlSource.parse(file, text);
  }

  static parse(file: string, text: string): YamlSource {
    const lines = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
    const firstError = doc.errors[0];
    if (firstError) {
      const line = lines.linePos(firstError.pos[0]).line;
      throw new InputError(file, line, undefined, `YAML syntax error: ${firstError.message.split('\n')[0]}`);
    }
    return new YamlSource(file, doc.toJS(), text, doc.contents as Node | null, lines);
  }

  /** 1-based line of the value at `path`, or of its nearest existing ancestor. */
  lineOf(path: ReadonlyArray<PropertyKey>): number | undefined {
    return this.find(path).line;
  }

  /**
   * 1-based line on which the character at `offset` of the string at `path`
   * is written. YAML folds and indents a multi-line string, so the offset is
   * matched word by word (folding keeps the words); where the words of value
   * and source differ (escapes in a double-quoted string), the value's own line.
   */
  lineAtOffset(path: ReadonlyArray<PropertyKey>, offset: number): number | undefined {
    const { node, line } = this.find(path);
    if (!isScalar(node) || typeof node.value !== 'string' || !node.range) return line;
    // A block scalar's first line holds only its header (">", "|-", a comment).
    const block = node.type === 'BLOCK_FOLDED' || node.type === 'BLOCK_LITERAL';
    const bodyStart = block ? this.text.indexOf('\n', node.range[0]) + 1 : node.range[0];
    const written = [...this.text.slice(bodyStart, node.range[1]).matchAll(/\S+/g)];
    const words = [...node.value.matchAll(/\S+/g)];
    if (written.length !== words.length) return line;
    const index = words.filter((w) => w.index + w[0].length <= offset).length;
    const word = written[Math.min(index, written.length - 1)];
    return word ? this.lines.linePos(bodyStart + word.index).line : line;
  }

  /** The node at `path` (null when the path leads nowhere) and the line of it or of its nearest existing ancestor. */
  private find(path: ReadonlyArray<PropertyKey>): { node: Node | null; line: number | undefined } {
    let node: Node | null = this.root;
    let line = node?.range ? this.lines.linePos(node.range[0]).line : undefined;
    for (const key of path) {
      if (isMap(node)) {
        const pair = node.items.find((item) => (item.key as { value?: unknown } | null)?.value === key);
        if (!pair) return { node: null, line };
        const keyNode = pair.key as Node;
        if (keyNode?.range) line = this.lines.linePos(keyNode.range[0]).line;
        node = pair.value as Node | null;
      } else if (isSeq(node) && typeof key === 'number') {
        const item = node.items[key] as Node | undefined;
        if (!item) return { node: null, line };
        node = item;
        if (item.range) line = this.lines.linePos(item.range[0]).line;
      } else return { node: null, line };
    }
    return { node, line };
  }

  /** Validates the whole document, or the value at `path`, reporting the first problem with its line and field. */
  validate<T>(schema: ZodType<T>, value: unknown = this.data, basePath: PropertyKey[] = []): T {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    const issue = result.error.issues[0]!;
    let path = [...basePath, ...issue.path];
    let problem = issue.message;
    if (issue.code === 'unrecognized_keys') {
      // Point at the unknown key itself, not at the map that holds it.
      path = [...path, issue.keys[0]!];
      problem = `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    }
    throw new InputError(this.file, this.lineOf(path), formatPath(path), problem);
  }

  /** An error about a value that passed the schema but is wrong in context (duplicates, dangling references). */
  errorAt(path: PropertyKey[], problem: string): InputError {
    return new InputError(this.file, this.lineOf(path), formatPath(path), problem);
  }
}

export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)), '');
}
