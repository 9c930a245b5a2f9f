import { sha256Hex } from '../../util/hash.js';

/**
 * An HTTP critic's endpoint as its identity records it. A user name, password
 * or query string in a base URL often carries a key, so they are dropped; a
 * query string (Azure's api-version, say) can change the replies, so it is
 * told apart by a hash.
 */
export function endpointIdentity(baseURL: string): { baseURL: string; baseURLQuerySha256?: string } {
  const { search } = new URL(baseURL);
  return { baseURL: withoutCredentials(baseURL), ...(search ? { baseURLQuerySha256: sha256Hex(search).slice(0, 16) } : {}) };
}

function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  parsed.search = '';
  return parsed.toString().replace(/\/$/, '');
}
