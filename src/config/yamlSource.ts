import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument, isMap, isSeq, type Node } from 'yaml';
import type { ZodType } from 'zod';
import { InputError } from '../errors.js';

/** A parsed YAML file that can say on which line any value sits, for error messages. */
export class YamlSource {
  private constructor(
    readonly file: string,
    readonly data: unknown,
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
    return new YamlSource(file, doc.toJS(), doc.contents as Node | null, lines);
  }

  /** 1-based line of the value at `path`, or of its nearest existing ancestor. */
  lineOf(path: ReadonlyArray<PropertyKey>): number | undefined {
    let node: Node | null = this.root;
    let line = node?.range ? this.lines.linePos(node.range[0]).line : undefined;
    for (const key of path) {
      if (isMap(node)) {
        const pair = node.items.find((item) => (item.key as { value?: unknown } | null)?.value === key);
        if (!pair) break;
        const keyNode = pair.key as Node;
        if (keyNode?.range) line = this.lines.linePos(keyNode.range[0]).line;
        node = pair.value as Node | null;
      } else if (isSeq(node) && typeof key === 'number') {
        const item = node.items[key] as Node | undefined;
        if (!item) break;
        node = item;
        if (item.range) line = this.lines.linePos(item.range[0]).line;
      } else break;
    }
    return line;
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
