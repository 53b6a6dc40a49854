import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PageMeta } from './page-meta';

// Issue #32: one canonical link per page, from PUBLIC_URL (which the server writes into the page
// as <meta name="public-origin">), also after the app navigates; never the browser's own address.

const canonicals = () =>
  Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="canonical"]')).map((link) =>
    link.getAttribute('href'),
  );

function serverHead(canonical: string | null) {
  document.head.innerHTML = [
    '<meta name="description" content="From the server" />',
    '<meta name="public-origin" content="https://tips.example" />',
    canonical ? `<link rel="canonical" href="${canonical}" />` : '<meta name="robots" content="noindex" />',
  ].join('');
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/tipsters', element: <PageMeta title="Tipsters" description="Ranked tipsters" /> },
      { path: '/about', element: <PageMeta title="About" description="About us" /> },
      { path: '/login', element: <PageMeta title="Log in" description="Log in" noIndex /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  cleanup(); // React removes what it hoisted before the head is emptied
  document.head.innerHTML = '';
});

describe('PageMeta', () => {
  it("keeps the server's single canonical on the first page instead of adding a second", () => {
    serverHead('https://tips.example/tipsters');
    renderAt('/tipsters');
    expect(canonicals()).toEqual(['https://tips.example/tipsters']);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });

  it('moves that one canonical to the next page on the public origin, not the browser address', async () => {
    serverHead('https://tips.example/tipsters');
    const router = renderAt('/tipsters');
    await act(() => router.navigate('/about'));
    expect(canonicals()).toEqual(['https://tips.example/about']);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('About us');
    expect(window.location.origin).not.toBe('https://tips.example');
  });

  it('a noindex page has no canonical, and the page after it loses the noindex', async () => {
    serverHead(null);
    const router = renderAt('/login');
    expect(canonicals()).toEqual([]);
    expect(document.head.querySelectorAll('meta[name="robots"]')).toHaveLength(1);
    await act(() => router.navigate('/tipsters'));
    expect(canonicals()).toEqual(['https://tips.example/tipsters']);
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it("the hreflang alternates name the public origin's language subdomains", () => {
    serverHead('https://tips.example/tipsters');
    renderAt('/tipsters');
    const german = document.head.querySelector('link[rel="alternate"][hreflang="de"]');
    expect(german?.getAttribute('href')).toBe('https://de.tips.example/tipsters');
  });
});
