import { afterEach, describe, expect, it } from 'vitest';
import { type ClientErrorReport, installErrorReporting } from './report-errors';

// Issue #31.5: an uncaught error in the page reaches the API's error relay, without the query
// string, a few times per page at most, and never for another origin's script.
describe('browser error reporting', () => {
  let uninstall: () => void = () => {};
  afterEach(() => uninstall());

  function install() {
    const sent: ClientErrorReport[] = [];
    uninstall = installErrorReporting(window, (report) => sent.push(report));
    return sent;
  }

  it('sends an uncaught error of our own script with its stack, without the query string', () => {
    window.history.replaceState(null, '', '/reset-password?code=123456');
    const sent = install();
    const error = new TypeError("Cannot read properties of undefined (reading 'odds')");
    window.dispatchEvent(
      new ErrorEvent('error', {
        error,
        message: error.message,
        filename: `${window.location.origin}/assets/app.js`,
      }),
    );
    expect(sent).toEqual([
      { name: 'TypeError', message: error.message, stack: error.stack, page: '/reset-password' },
    ]);
    expect(JSON.stringify(sent)).not.toContain('123456');
  });

  it("ignores another origin's script and repeats, and stops after five", () => {
    const sent = install();
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'Script error.', filename: 'chrome-extension://x/y.js' }),
    );
    expect(sent).toHaveLength(0);
    for (let i = 0; i < 8; i++) {
      const error = new Error(`failure ${i % 7}`);
      window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
      window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
    }
    expect(sent.map((r) => r.message)).toEqual([
      'failure 0',
      'failure 1',
      'failure 2',
      'failure 3',
      'failure 4',
    ]);
  });
});
