type Entry<T> = { stamp: string; expires: number; value: T; size: number }

/**
 * Values by key, each valid for the change stamp it was computed under and until it expires; the least recently
 * used go first once `maxBytes` is reached. `sizeOf` tells a value's weight in bytes.
 */
export class StampedStore<T> {
  private readonly entries = new Map<string, Entry<T>>()
  private bytes = 0

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: T) => number,
  ) {}

  get(key: string, stamp: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.remove(key, entry)
    if (entry.stamp !== stamp || entry.expires <= now) return undefined
    this.entries.set(key, entry)
    this.bytes += entry.size
    return entry.value
  }

  set(key: string, stamp: string, expires: number, value: T): void {
    const size = key.length + this.sizeOf(value) + 512
    if (size > this.maxBytes) return
    const previous = this.entries.get(key)
    if (previous) this.remove(key, previous)
    this.entries.set(key, { stamp, expires, value, size })
    this.bytes += size
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.remove(oldest, entry)
    }
  }

  private remove(key: string, entry: Entry<T>) {
    this.entries.delete(key)
    this.bytes -= entry.size
  }
}
