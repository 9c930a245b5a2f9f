/**
 * Small, fast, seeded PRNG for resampling. Math.random cannot be seeded, and a
 * bootstrap interval that changes on every run cannot be reviewed, cached or
 * compared across commits.
 *
 * Generator: xoshiro128** (Blackman & Vigna, 2018), 128-bit state, period
 * 2^128 − 1, passes BigCrush; only 32-bit integer ops, so it is fast in JS.
 * The state is filled from the seed with splitmix32, so nearby seeds (1, 2, 3)
 * give unrelated streams.
 */
export interface Rng {
  /** Uniform double in [0, 1) with 53 random bits. */
  next(): number;
  /** Uniform integer in [0, n), unbiased, for integer 1 <= n <= 2^32. */
  int(n: number): number;
}

/** Create a generator from a numeric or string seed (strings are hashed). */
export function createRng(seed: number | string): Rng {
  let x = seedToUint32(seed);
  const splitmix32 = (): number => {
    x = (x + 0x9e3779b9) | 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let state: [number, number, number, number] = [splitmix32(), splitmix32(), splitmix32(), splitmix32()];
  if (state.every((w) => w === 0)) state = [1, 0, 0, 0]; // the all-zero state is a fixed point
  const nextUint32 = xoshiro128StarStar(state);

  return {
    next(): number {
      // 27 + 26 bits → a multiple of 2^-53, like Math.random's best case.
      const hi = nextUint32() >>> 5;
      const lo = nextUint32() >>> 6;
      return (hi * 67108864 + lo) / 9007199254740992;
    },
    int(n: number): number {
      if (!Number.isInteger(n) || n < 1 || n > 4294967296) {
        throw new RangeError(`Rng.int: n must be an integer in [1, 2^32], got ${n}`);
      }
      if (n <= 2097152) {
        // Lemire's multiply-shift with rejection (ACM TOMACS 2019): u·n < 2^53
        // is exact, its high 32 bits are the draw, and its low 32 bits (from
        // Math.imul) decide the rare rejections. Avoids a slow double modulo.
        let u = nextUint32();
        let low = Math.imul(u, n) >>> 0;
        if (low < n) {
          const threshold = (4294967296 - n) % n;
          while (low < threshold) {
            u = nextUint32();
            low = Math.imul(u, n) >>> 0;
          }
        }
        return Math.floor((u * n) / 4294967296);
      }
      // Large n: plain rejection of the top partial block of 2^32, then modulo.
      const limit = 4294967296 - (4294967296 % n);
      let u = nextUint32();
      while (u >= limit) u = nextUint32();
      return u % n;
    },
  };
}

/**
 * Raw xoshiro128** stream from an explicit 128-bit state (four uint32 words,
 * not all zero). Exposed so the generator can be checked against the
 * reference implementation's output.
 */
export function xoshiro128StarStar(state: readonly [number, number, number, number]): () => number {
  let [s0, s1, s2, s3] = state.map((w) => w >>> 0) as [number, number, number, number];
  return (): number => {
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = rotl(s3, 11);
    return result;
  };
}

function rotl(v: number, k: number): number {
  return (v << k) | (v >>> (32 - k));
}

function seedToUint32(seed: number | string): number {
  if (typeof seed === 'string') {
    // FNV-1a over UTF-16 code units.
    let h = 0x811c9dc5;
    for (let i = 0; i < seed.length; i++) {
      h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
    }
    return h >>> 0;
  }
  if (!Number.isSafeInteger(seed)) {
    throw new RangeError(`createRng: numeric seed must be a safe integer, got ${seed}`);
  }
  // Fold high bits in so seeds above 2^32 still differ.
  const high = Math.floor(seed / 4294967296);
  return (seed ^ Math.imul(high, 0x9e3779b1)) >>> 0;
}
