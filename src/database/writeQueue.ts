/**
 * Writers one at a time, in arrival order. A writer that waits longer than `timeout` ms gives up with the error
 * `busy` makes (the ones ahead keep their turn), so a stuck writer cannot make the queue behind it hang.
 */
export class WriteQueue {
  private tail: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly timeout: number,
    private readonly busy: () => Error,
  ) {}

  /** Waits for the writers ahead; the function returned ends this writer's turn. */
  async enter(): Promise<() => void> {
    let leave!: () => void
    const done = new Promise<void>((resolve) => (leave = resolve))
    const ahead = this.tail
    this.tail = ahead.then(() => done)
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(this.busy()), this.timeout)
    })
    try {
      await Promise.race([ahead, timedOut])
      return leave
    } catch (error) {
      void ahead.then(leave)
      throw error
    } finally {
      clearTimeout(timer)
    }
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const leave = await this.enter()
    try {
      return await work()
    } finally {
      leave()
    }
  }
}
