import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, useToastStore } from './toast-store';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  for (const item of useToastStore.getState().toasts) useToastStore.getState().dismiss(item.id);
  vi.useRealTimers();
});

describe('toast store', () => {
  it('hides a toast after 3 seconds', () => {
    toast.success('You are now following tipster Ada');
    expect(useToastStore.getState().toasts).toMatchObject([
      { message: 'You are now following tipster Ada', variant: 'success' },
    ]);
    vi.advanceTimersByTime(2999);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('keeps at most three on screen', () => {
    for (const message of ['a', 'b', 'c', 'd']) toast.info(message);
    expect(useToastStore.getState().toasts.map((item) => item.message)).toEqual(['b', 'c', 'd']);
  });
});
