import { describe, expect, it } from 'vitest';
import { LIVESCORES_URL } from '../../../lib/site';
import { widgetUrlFrom } from './livescores-config';

describe('live-scores widget address', () => {
  it('uses the configured http(s) address, else the default', () => {
    expect(widgetUrlFrom('https://widgets.example.org/live?x=1')).toBe(
      'https://widgets.example.org/live?x=1',
    );
    expect(widgetUrlFrom(undefined)).toBe(LIVESCORES_URL);
    expect(widgetUrlFrom('javascript:alert(1)')).toBe(LIVESCORES_URL);
    expect(widgetUrlFrom('not a url')).toBe(LIVESCORES_URL);
  });
});
