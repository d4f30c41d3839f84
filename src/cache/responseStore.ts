import type { ResponseSnapshot } from '../server/webBridge.js'

type Entry = { stamp: string; expires: number; response: ResponseSnapshot; size: number }

/**
 * Responses by request key, each valid for the change stamp it was computed under and until it expires; the
 * least recently used go first once `maxBytes` is reached.
 */
export class ResponseStore {
  private readonly entries = new Map<string, Entry>()
  private bytes = 0

  constructor(private readonly maxBytes: number) {}

  get(key: string, stamp: string, now = Date.now()): ResponseSnapshot | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.remove(key, entry)
    if (entry.stamp !== stamp || entry.expires <= now) return undefined
    this.entries.set(key, entry)
    this.bytes += entry.size
    return entry.response
  }

  set(key: string, stamp: string, expires: number, response: ResponseSnapshot): void {
    const size = key.length + response.body.byteLength + 512
    if (size > this.maxBytes) return
    const previous = this.entries.get(key)
    if (previous) this.remove(key, previous)
    this.entries.set(key, { stamp, expires, response, size })
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
