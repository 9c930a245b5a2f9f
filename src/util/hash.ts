import { createHash } from 'node:crypto';

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** A short stable id from parts; NUL-separated so ("a", "bc") and ("ab", "c") differ. */
export function stableId(...parts: Array<string | number>): string {
  return sha256Hex(parts.join('\0')).slice(0, 16);
}
