import { describe, expect, it } from 'vitest';
import { applyDocumentLanguage, baseHostname, languageFromHostname, urlForLanguage } from './language';

describe('languageFromHostname', () => {
  it.each([
    ['de.localhost', 'de'],
    ['ar-ae.example.com', 'ar-ae'],
    ['IL.example.com', 'il'],
    ['example.com', 'en'],
    ['www.example.com', 'en'],
    ['localhost', 'en'],
    ['xx.example.com', 'en'],
    ['127.0.0.1', 'en'],
  ])('%s → %s', (hostname, language) => {
    expect(languageFromHostname(hostname)).toBe(language);
  });
});

describe('urlForLanguage', () => {
  it('moves an English page on localhost to the language subdomain, keeping port, path and query', () => {
    expect(urlForLanguage('de', { href: 'http://localhost:5173/tipsters/premium?x=1#top' })).toBe(
      'http://de.localhost:5173/tipsters/premium?x=1#top',
    );
  });

  it('replaces an existing language label', () => {
    expect(urlForLanguage('fr', { href: 'https://de.example.com/login' })).toBe(
      'https://fr.example.com/login',
    );
  });

  it('puts English on the bare host', () => {
    expect(urlForLanguage('en', { href: 'https://ar-ae.example.com/' })).toBe('https://example.com/');
    expect(baseHostname('www.example.com')).toBe('example.com');
  });

  it('maps loopback addresses to localhost subdomains and gives up on other IP addresses', () => {
    expect(urlForLanguage('jp', { href: 'http://127.0.0.1:3000/home' })).toBe(
      'http://jp.localhost:3000/home',
    );
    expect(urlForLanguage('jp', { href: 'http://10.0.0.5:3000/home' })).toBeNull();
  });
});

describe('applyDocumentLanguage', () => {
  it('sets a BCP 47 lang and right-to-left direction for Arabic and Hebrew', () => {
    const root = document.createElement('html');
    applyDocumentLanguage('ar-ae', root);
    expect([root.lang, root.dir]).toEqual(['ar-AE', 'rtl']);
    applyDocumentLanguage('il', root);
    expect([root.lang, root.dir]).toEqual(['he', 'rtl']);
    applyDocumentLanguage('jp', root);
    expect([root.lang, root.dir]).toEqual(['ja', 'ltr']);
  });
});
