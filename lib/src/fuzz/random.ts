/**
 * A small seeded generator (sfc32), so a fuzz run is reproduced exactly from its printed seed.
 * Math.random cannot be seeded; crypto is slower and not reproducible.
 */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(readonly seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 15; i += 1) this.next(); // mix the seed in before the first use
  }

  /** A uniform 32-bit unsigned integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** An integer in [0, bound). */
  below(bound: number): number {
    return Math.floor((this.next() / 0x1_0000_0000) * bound);
  }

  /** An integer in [low, high], drawn so that small values are as likely as large ones (log-uniform). */
  logBetween(low: number, high: number): number {
    const span = Math.log(high + 1) - Math.log(low + 1);
    return Math.min(high, Math.floor(Math.exp(Math.log(low + 1) + (this.next() / 0x1_0000_0000) * span) - 1));
  }

  chance(probability: number): boolean {
    return this.next() / 0x1_0000_0000 < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)]!;
  }

  bytes(length: number): Buffer {
    const out = Buffer.allocUnsafe(length);
    for (let i = 0; i < length; i += 1) out[i] = this.next() & 0xff;
    return out;
  }
}
