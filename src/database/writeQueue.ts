/**
 * Writers at most `limit` at a time (one by default), the others waiting in arrival order. A writer that waits longer
 * than `timeout` ms gives up with the error `busy` makes (the ones ahead keep their turn), so a stuck writer cannot
 * make the queue behind it hang.
 */
export class WriteQueue {
  private running = 0
  private readonly waiting: (() => void)[] = []

  constructor(
    private readonly timeout: number,
    private readonly busy: () => Error,
    private readonly limit = 1,
  ) {}

  /** Waits for a turn; the function returned ends it. */
  enter(): Promise<() => void> {
    if (this.running < this.limit && !this.waiting.length) return Promise.resolve(this.turn())
    return new Promise((resolve, reject) => {
      const start = () => {
        clearTimeout(timer)
        resolve(this.turn())
      }
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(start), 1)
        reject(this.busy())
      }, this.timeout)
      this.waiting.push(start)
    })
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const leave = await this.enter()
    try {
      return await work()
    } finally {
      leave()
    }
  }

  /** Takes a turn; the function returned gives it to the next writer waiting, once however often called. */
  private turn(): () => void {
    this.running++
    let ended = false
    return () => {
      if (ended) return
      ended = true
      this.running--
      this.waiting.shift()?.()
    }
  }
}
