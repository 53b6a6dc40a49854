import { describe, expect, it } from 'vitest';
import { publicConfigInPage } from './public-config';

const CONFIG = {
  paypalClientId: 'sandbox-local',
  paypalSdkUrl: '/api/sandbox/paypal/sdk/js',
  recaptchaSiteKey: null,
  livescoresUrl: 'https://www.scorebat.com/embed/livescore/',
  seoKeywords: true,
  supportEmail: 'support@tipsmarket.example',
};

function pageWithHead(head: string): Document {
  return new DOMParser().parseFromString(
    `<!doctype html><html><head>${head}</head><body></body></html>`,
    'text/html',
  );
}

describe('publicConfigInPage', () => {
  it('reads the config the server wrote into the page, escaped as the server escapes it', () => {
    const escaped = JSON.stringify(CONFIG).replaceAll('&', '&amp;').replaceAll('"', '&quot;');
    expect(publicConfigInPage(pageWithHead(`<meta name="public-config" content="${escaped}" />`))).toEqual(
      CONFIG,
    );
  });

  it('gives null (the app then asks GET /api/config) without the tag or with something unreadable in it', () => {
    expect(publicConfigInPage(pageWithHead(''))).toBeNull();
    expect(publicConfigInPage(pageWithHead('<meta name="public-config" content="{not json" />'))).toBeNull();
    expect(publicConfigInPage(pageWithHead('<meta name="public-config" content="null" />'))).toBeNull();
  });
});
