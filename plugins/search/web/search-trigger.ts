// When the global search runs (spec 5, 9): on Enter, or 2 s after typing stops; never
// while a search runs or when the text is empty. Pure apart from the timer functions,
// so tests drive it with fake timers.

export const GLOBAL_SEARCH_DEBOUNCE_MS = 2000;

export interface SearchTriggerOptions {
  run: (query: string) => Promise<unknown>;
  delayMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export class SearchTrigger {
  private text = '';
  private timer: unknown = null;
  private busy = false;
  private readonly opts: Required<SearchTriggerOptions>;

  constructor(opts: SearchTriggerOptions) {
    this.opts = {
      delayMs: GLOBAL_SEARCH_DEBOUNCE_MS,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      ...opts,
    };
  }

  get running(): boolean { return this.busy; }

  /** The text changed: (re)start the 2 s countdown. */
  input(text: string): void {
    this.text = text;
    this.cancel();
    if (text.trim() === '') return;
    this.timer = this.opts.setTimer(() => { this.timer = null; void this.fire(); }, this.opts.delayMs);
  }

  /** Enter pressed: search now. */
  submit(): Promise<boolean> {
    this.cancel();
    return this.fire();
  }

  cancel(): void {
    if (this.timer !== null) this.opts.clearTimer(this.timer);
    this.timer = null;
  }

  private async fire(): Promise<boolean> {
    const q = this.text.trim();
    if (q === '' || this.busy) return false;
    this.busy = true;
    try {
      await this.opts.run(q);
    } catch {
      // the caller shows the error; the trigger only guards against overlap
    } finally {
      this.busy = false;
    }
    return true;
  }
}
