import { type ChildProcess, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/**
 * Chromium driven over `--remote-debugging-pipe` (DevTools protocol messages, NUL-terminated
 * JSON, on file descriptors 3 and 4), with no client library in between.
 *
 * Why not Playwright or Puppeteer here: both enable the DevTools `Runtime` domain on every page,
 * and with it V8 records a detailed stack trace (with source positions) whenever an `Error` is
 * constructed. React DOM constructs five at module level (SuspenseException and kin), inside its
 * one 219 KB function, so V8 re-parses that function to find their positions: 40–55 ms without
 * throttling, 150–250 ms at 4× — a cost no visitor's browser pays (decision 201). A load driven
 * from here enables only `Page` and the emulation it needs.
 */
export class PipeCdp {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Set<(message: CdpEvent) => void>();
  private buffer = '';

  private constructor(
    private readonly browser: ChildProcess,
    private readonly input: Writable,
    output: Readable,
  ) {
    // A browser that dies fails what waits on it, rather than leaving the bench waiting forever.
    browser.once('exit', (code, signal) => {
      const error = new Error(`Chromium exited (${signal ?? code}) with DevTools calls pending`);
      for (const waiter of this.pending.values()) waiter.reject(error);
      this.pending.clear();
    });
    output.setEncoding('utf8');
    output.on('data', (chunk: string) => {
      this.buffer += chunk;
      let end = this.buffer.indexOf('\0');
      while (end >= 0) {
        this.dispatch(JSON.parse(this.buffer.slice(0, end)));
        this.buffer = this.buffer.slice(end + 1);
        end = this.buffer.indexOf('\0');
      }
    });
  }

  static launch(executablePath: string, args: readonly string[]): PipeCdp {
    const browser = spawn(executablePath, ['--headless', '--remote-debugging-pipe', ...args, 'about:blank'], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
    });
    return new PipeCdp(browser, browser.stdio[3] as Writable, browser.stdio[4] as Readable);
  }

  send<T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    if (this.browser.exitCode !== null || this.browser.signalCode !== null) {
      return Promise.reject(new Error(`Chromium has exited: cannot send ${method}`));
    }
    const id = this.nextId++;
    this.input.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    });
  }

  /** Resolves with the first event named `method` on `sessionId`. */
  once(method: string, sessionId: string): Promise<CdpEvent> {
    return new Promise((resolve) => {
      const listener = (event: CdpEvent) => {
        if (event.method !== method || event.sessionId !== sessionId) return;
        this.listeners.delete(listener);
        resolve(event);
      };
      this.listeners.add(listener);
    });
  }

  async close(): Promise<void> {
    await this.send('Browser.close').catch(() => undefined);
    if (this.browser.exitCode === null) await new Promise((resolve) => this.browser.once('exit', resolve));
  }

  private dispatch(message: { id?: number; result?: unknown; error?: { message: string } } & CdpEvent): void {
    if (message.id !== undefined) {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiter?.reject(new Error(message.error.message));
      else waiter?.resolve(message.result);
      return;
    }
    for (const listener of [...this.listeners]) listener(message);
  }
}

export interface CdpEvent {
  method: string;
  params: Record<string, unknown>;
  sessionId?: string;
}
