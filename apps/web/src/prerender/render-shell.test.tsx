// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import arabic from '../../public/locales/ar-ae.json';
import de from '../../public/locales/de.json';
import en from '../../public/locales/en.json';
import { bodyMarkup, initShellI18n, renderShell } from './render-shell';

// Issue #32.3: the shell the server puts into a public page is the app's first render of it, in
// the page's language, with nothing the <body> may not hold.

beforeAll(async () => {
  await initShellI18n({ en, de, 'ar-ae': arabic });
});

describe('renderShell', () => {
  it("renders a page's header and top in the asked language", async () => {
    const html = await renderShell('/tipster-statistics', 'de');
    expect(html).toContain(de.nav.livescores);
    expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(html).toContain('<main id="main-content"');
    // A visitor's sign-in link holds its place unseen: the shell cannot know who is reading.
    expect(html).toMatch(new RegExp(`<a class="[^"]*invisible[^"]*" href="/login"[^>]*>${de.nav.login}</a>`));
  });

  it('keeps head tags and scripts out of the body', async () => {
    const html = await renderShell('/today-tips', 'en');
    expect(html).not.toMatch(/<(title|meta|link|script)\b/);
    expect(html).not.toContain('<!--$!-->');
  });

  it('renders the pages of every public path the build prerenders', async () => {
    for (const path of ['/', '/today-ai-tips', '/tipsters/premium', '/login', '/about']) {
      expect(await renderShell(path, 'ar-ae')).toContain('<header');
    }
  });
});

describe('bodyMarkup', () => {
  it('drops hoisted head tags and inline scripts, keeps the rest', () => {
    expect(
      bodyMarkup(
        '<title>T</title><meta property="og:title" content="T"/><link rel="canonical" href="/x"/><div>kept</div><script>restore()</script>',
      ),
    ).toBe('<div>kept</div>');
  });
});
