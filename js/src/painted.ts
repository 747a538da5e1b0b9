// Telling the kernel when the browser has painted a new state. The app holds
// the odds panels' redraw until then: plotly's work on four figures takes the
// browser tens of milliseconds, and run before the board's next frame it
// would hold that frame back.

/** Run `fn` in the first task after the next frame (by then its style, layout and paint are done). */
export function afterNextPaint(fn: () => void): void {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      fn();
    };
    channel.port2.postMessage(null);
  });
}

/** Reports each new state number once, after the frame that first shows it. */
export class PaintReporter {
  private last: number | null = null;
  private stopped = false;

  constructor(
    private readonly report: (seq: number) => void,
    private readonly schedule: (fn: () => void) => void = afterNextPaint,
  ) {}

  /** The view drew state `seq` (a state drawn again, e.g. with its new odds badges, is not reported twice). */
  drawn(seq: number | undefined): void {
    if (typeof seq !== "number" || seq === this.last || this.stopped) return;
    this.last = seq;
    this.schedule(() => {
      if (!this.stopped) this.report(seq);
    });
  }

  /** The view is gone: report nothing more. */
  stop(): void {
    this.stopped = true;
  }
}
