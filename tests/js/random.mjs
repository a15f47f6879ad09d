// The JS suites' seeded random numbers: xorshift32, so that a failure repeats with its seed.

/** A generator of numbers in [0, 1) from `seed`. */
export function rng(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}
