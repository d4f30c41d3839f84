/** A computed answer as the namespace sends it: what the response cache keeps. */
export type Answer = { status: number; headers: Record<string, string>; body: Buffer<ArrayBuffer> }

type Entry = { stamp: string; expires: number; answer: Answer; size: number }

/**
 * Answers by request key, each valid for the change stamp it was computed under and until it expires; the least
 * recently used go first once `maxBytes` is reached.
 */
export class ResponseStore {
  private readonly entries = new Map<string, Entry>()
  private bytes = 0

  constructor(private readonly maxBytes: number) {}

  get(key: string, stamp: string, now = Date.now()): Answer | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.remove(key, entry)
    if (entry.stamp !== stamp || entry.expires <= now) return undefined
    this.entries.set(key, entry)
    this.bytes += entry.size
    return entry.answer
  }

  set(key: string, stamp: string, expires: number, answer: Answer): void {
    const size = key.length + answer.body.byteLength + 512
    if (size > this.maxBytes) return
    const previous = this.entries.get(key)
    if (previous) this.remove(key, previous)
    this.entries.set(key, { stamp, expires, answer, size })
    this.bytes += size
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.remove(oldest, entry)
    }
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key)
    this.bytes -= entry.size
  }
}
