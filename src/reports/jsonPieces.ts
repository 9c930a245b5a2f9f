/** An array whose elements are written one at a time, as the iterable yields them. */
export class JsonArray {
  constructor(readonly items: Iterable<unknown>) {}
}

/** Each element of `list` passed through `f` as it is asked for: a JsonArray's elements made one at a time. */
export function* mapped<T, U>(list: Iterable<T>, f: (t: T) => U): Generator<U> {
  for (const t of list) yield f(t);
}

/** An object whose members are written one at a time; a member whose value is undefined is left out, as JSON.stringify does. */
export class JsonEntries {
  constructor(readonly entries: Iterable<readonly [string, unknown]>) {}
}

/**
 * JSON.stringify(value, null, gap) in pieces, for documents too big to hold
 * as one string: JsonArray and JsonEntries are written as the array and the
 * object they stand for, member by member, and so is any plain object that
 * holds one (directly or in a plain object it holds); everything else is
 * stringified whole, re-indented. Raw newlines in JSON text are only ever
 * indentation (JSON.stringify escapes those in strings), so re-indenting is
 * a plain replace. Markers inside real arrays are not looked for.
 */
export function* jsonPieces(value: unknown, gap = '', indent = ''): Generator<string> {
  if (value instanceof JsonArray) {
    yield* members('[', ']', value.items, (item) => jsonPieces(item === undefined ? null : item, gap, indent + gap), gap, indent);
  } else if (value instanceof JsonEntries || holdsMarker(value)) {
    const entries = value instanceof JsonEntries ? value.entries : Object.entries(value as object);
    const colon = gap ? ': ' : ':';
    const defined = filter(entries, ([, v]) => v !== undefined && typeof v !== 'function');
    yield* members('{', '}', defined, ([k, v]) => prefixed(JSON.stringify(k) + colon, jsonPieces(v, gap, indent + gap)), gap, indent);
  } else {
    const text = JSON.stringify(value, null, gap);
    yield gap && indent ? text.replace(/\n/g, `\n${indent}`) : text;
  }
}

function* members<T>(open: string, close: string, list: Iterable<T>, pieces: (t: T) => Iterable<string>, gap: string, indent: string): Generator<string> {
  const separator = gap ? `\n${indent}${gap}` : '';
  let first = true;
  for (const member of list) {
    yield `${first ? open : ','}${separator}`;
    first = false;
    yield* pieces(member);
  }
  yield first ? `${open}${close}` : `${gap ? `\n${indent}` : ''}${close}`;
}

function* prefixed(prefix: string, pieces: Iterable<string>): Generator<string> {
  yield prefix;
  yield* pieces;
}

function* filter<T>(list: Iterable<T>, keep: (t: T) => boolean): Generator<T> {
  for (const t of list) if (keep(t)) yield t;
}

function holdsMarker(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).some((v) => v instanceof JsonArray || v instanceof JsonEntries || holdsMarker(v));
}

/** Pieces joined into strings of about `size` characters: fewer, bigger writes. */
export function* batched(pieces: Iterable<string>, size = 1 << 16): Generator<string> {
  let parts: string[] = [];
  let length = 0;
  for (const piece of pieces) {
    parts.push(piece);
    length += piece.length;
    if (length >= size) {
      yield parts.join('');
      parts = [];
      length = 0;
    }
  }
  if (length) yield parts.join('');
}
