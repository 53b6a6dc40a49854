import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicConfigQuery } from '../../../lib/public-config';
import { TEST_PUBLIC_CONFIG } from '../../../test/render-page.test-support';

// #22.6: Google's script is third-party content. The scripts the hook would add to <head> are
// caught here (never fetched), and a fake grecaptcha answers once one "loads".
let appended: HTMLScriptElement[] = [];

beforeEach(() => {
  appended = [];
  vi.resetModules();
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    appended.push(node as unknown as HTMLScriptElement);
    return node;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  window.grecaptcha = undefined;
  localStorage.clear();
});

async function renderRecaptcha(consent: boolean) {
  // Fresh modules: the script promise and the consent store are module state.
  const { useConsentStore } = await import('../../../stores/consent-store');
  const { useRecaptcha } = await import('./use-recaptcha');
  if (consent) useConsentStore.getState().acceptAll();
  else useConsentStore.getState().essentialOnly();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(publicConfigQuery.queryKey, {
    ...TEST_PUBLIC_CONFIG,
    recaptchaSiteKey: 'site-key-1',
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useRecaptcha(), { wrapper });
}

function googleScripts() {
  return appended.filter((node) => node.src?.startsWith('https://www.google.com/recaptcha/api.js'));
}

function answerFromGoogle(script: HTMLScriptElement) {
  window.grecaptcha = { ready: (callback) => callback(), execute: async () => 'token-1' };
  script.onload?.(new Event('load'));
}

describe('useRecaptcha and consent', () => {
  it('without consent, loads nothing while the form is open and loads Google only on submit', async () => {
    const { result } = await renderRecaptcha(false);
    await act(async () => {});
    expect(googleScripts()).toEqual([]);

    let token: Promise<string | undefined> = Promise.resolve(undefined);
    await act(async () => {
      token = result.current('login');
    });
    await vi.waitFor(() => expect(googleScripts()).toHaveLength(1));
    answerFromGoogle(googleScripts()[0]);
    await expect(token).resolves.toBe('token-1');
  });

  it('with consent, warms the script up as soon as the form shows', async () => {
    await renderRecaptcha(true);
    await vi.waitFor(() => expect(googleScripts()).toHaveLength(1));
    expect(googleScripts()[0].src).toBe('https://www.google.com/recaptcha/api.js?render=site-key-1');
  });
});
