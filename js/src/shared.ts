// What the views of one board share in the page: Auto-play and its speed.
// They are about pacing, not the game, so they stay in the front end (Python
// never sees them), but two displays of one board must agree: a setting
// changed in one view shows in every view of the same model. One view, the
// first still open, asks Python for the bots' steps, so auto-play runs once.

import type { Speed } from "./anim";

export interface Settings {
  autoplay: boolean;
  speed: Speed;
}

type Listener = (settings: Settings) => void;

const byModel = new WeakMap<object, SharedSettings>();

export class SharedSettings {
  private settings: Settings = { autoplay: false, speed: "normal" };
  private readonly listeners: Listener[] = [];

  /** The settings of the board that `key` stands for, one object per board (made on first use). */
  static of(key: object): SharedSettings {
    let shared = byModel.get(key);
    if (!shared) {
      shared = new SharedSettings();
      byModel.set(key, shared);
    }
    return shared;
  }

  get autoplay(): boolean {
    return this.settings.autoplay;
  }

  get speed(): Speed {
    return this.settings.speed;
  }

  /** A view joins: `listener` hears every change (its own included); call the result to leave. */
  join(listener: Listener): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i < 0) return;
      this.listeners.splice(i, 1);
      // With the last view gone nobody drives auto-play: it stops. When the view that
      // drove it goes, the next one takes over: the views hear it, so it asks for the next step.
      if (this.listeners.length === 0) this.settings = { ...this.settings, autoplay: false };
      else if (i === 0 && this.settings.autoplay) for (const listener of [...this.listeners]) listener(this.settings);
    };
  }

  /** True for the one view that asks for the bots' steps: the first one still open. */
  drives(listener: Listener): boolean {
    return this.listeners[0] === listener;
  }

  set(change: Partial<Settings>): void {
    const next = { ...this.settings, ...change };
    if (next.autoplay === this.settings.autoplay && next.speed === this.settings.speed) return;
    this.settings = next;
    for (const listener of [...this.listeners]) listener(next);
  }
}
