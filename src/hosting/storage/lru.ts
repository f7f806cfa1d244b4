/** A least-recently-used cache bounded by the total size of its values in bytes. */
export class ByteLru {
  private readonly entries = new Map<string, Buffer>();
  private used = 0;

  constructor(readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const value = this.entries.get(key);
    if (value) {
      // Map keeps insertion order: re-inserting makes this the most recently used.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Whether a value of `size` bytes is kept: not when it alone is larger than an eighth of the cache (it would evict too much). */
  fits(size: number): boolean {
    return size <= this.maxBytes / 8;
  }

  /** Keep `value` when it `fits`. */
  set(key: string, value: Buffer): void {
    if (!this.fits(value.length)) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.used -= old.length;
    }
    this.entries.set(key, value);
    this.used += value.length;
    for (const [k, v] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(k);
      this.used -= v.length;
    }
  }

  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }
}
