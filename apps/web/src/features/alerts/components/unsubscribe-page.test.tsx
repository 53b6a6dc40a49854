import { fireEvent, screen } from '@testing-library/react';
import { ALERT_MESSAGES } from '@tips/contract/rules';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiError, installFakeApi } from '../../../test/fake-api.test-support';
import { initTestI18n } from '../../../test/i18n.test-support';
import { renderPage } from '../../../test/render-page.test-support';
import { UnsubscribePage } from './unsubscribe-page';

beforeAll(async () => {
  await initTestI18n();
});
let restore: (() => void) | undefined;
afterEach(() => restore?.());

async function clickUnsubscribe(reply: ReturnType<typeof apiError>) {
  const api = installFakeApi({ 'POST /alerts/unsubscribe': reply });
  restore = api.restore;
  renderPage(<UnsubscribePage />, {
    path: '/unsubscribe?token=42.7.1795000000000.AAAAAAAAAAAAAAAAAAAAAA',
    route: '/unsubscribe',
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
  return (await screen.findByRole('alert')).textContent;
}

// Issue 29.7 (decision 113): an old link is refused, and the page says why rather than "not valid".
describe('unsubscribe page', () => {
  it('says an expired or outdated link expired, and points to the settings', async () => {
    expect(await clickUnsubscribe(apiError(400, ALERT_MESSAGES.unsubscribeLinkExpired))).toBe(
      'This unsubscribe link has expired, or your alert settings changed after it was sent. You can change your alert emails in your settings.',
    );
  });

  it('still calls a forged link not valid', async () => {
    expect(await clickUnsubscribe(apiError(400, ALERT_MESSAGES.invalidUnsubscribeLink))).toBe(
      'This unsubscribe link is not valid.',
    );
  });
});
