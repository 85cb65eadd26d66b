/**
 * mulberry32: a tiny, fast 32-bit PRNG. Not for secrets; for generated account history that must be
 * the same for the same sandbox seed.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** FNV-1a, to derive one stream per account from the sandbox seed and the IBAN. */
export function hash32(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

export class Random {
  private readonly next: () => number
  constructor(seed: number) {
    this.next = mulberry32(seed)
  }
  float(): number {
    return this.next()
  }
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }
  pick<T>(items: ReadonlyArray<T>): T {
    return items[Math.floor(this.next() * items.length)]
  }
  digits(n: number): string {
    let s = ""
    for (let i = 0; i < n; i++) s += String(this.int(0, 9))
    return s
  }
  hex(n: number): string {
    let s = ""
    for (let i = 0; i < n; i++) s += this.int(0, 15).toString(16)
    return s
  }
}
