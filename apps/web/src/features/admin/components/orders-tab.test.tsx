import { fireEvent, screen, within } from '@testing-library/react';
import type { AdminOrder } from '@tips/contract/admin-orders.schemas';
import { MESSAGES } from '@tips/contract/rules';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import german from '../../../../public/locales/de.json';
import { apiError, installFakeApi } from '../../../test/fake-api.test-support';
import { initTestI18n } from '../../../test/i18n.test-support';
import { renderPage } from '../../../test/render-page.test-support';
import { OrdersTab } from './orders-tab';

beforeAll(async () => {
  await initTestI18n();
  i18n.addResourceBundle('de', 'translation', german);
});

let restore: (() => void) | undefined;
afterEach(async () => {
  restore?.();
  await i18n.changeLanguage('en');
});

const order: AdminOrder = {
  id: '6a1f3c0e-0000-4000-8000-000000000001',
  type: 'TIPS',
  method: 3,
  methodName: 'Bank transfer',
  provider: 'manual',
  status: 'PENDING',
  amount: 9,
  currency: 'USD',
  credits: null,
  user: null,
  contact: {
    firstName: 'Maria',
    lastName: 'Lopez',
    email: 'maria@example.test',
    country: 'Spain',
    mobile: null,
  },
  items: [{ tipId: 7, aiPlanId: null, description: 'Arsenal vs Chelsea', price: 9 }],
  rejectionReason: null,
  decidedBy: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  completedAt: null,
};

/** Issue 29.3: the buyer paused purchases after asking; the admin's confirm is refused and says why. */
async function tryToConfirm() {
  const api = installFakeApi({
    'GET /admin/orders': [200, { currentPage: 1, pageSize: 20, totalItems: 1, totalPages: 1, data: [order] }],
    [`POST /admin/orders/${order.id}/confirm`]: apiError(422, MESSAGES.manualOrderBuyerPaused),
  });
  restore = api.restore;
  renderPage(<OrdersTab />);
  const row = (await screen.findByText('Maria Lopez')).closest('tr') as HTMLElement;
  fireEvent.click(within(row).getAllByRole('button')[0]);
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getAllByRole('button').at(-1) as HTMLElement);
  return within(dialog).findByRole('alert');
}

describe('back office: a manual request that can no longer be confirmed', () => {
  it('shows the reason in the admin’s language, and the request stays in the queue', async () => {
    await i18n.changeLanguage('de');
    const alert = await tryToConfirm();
    expect(alert.textContent).toBe(german.apiMessages.manualOrderBuyerPaused);
    expect(alert.textContent).toContain('Lehne sie ab');
    expect(screen.getByText('Maria Lopez')).toBeDefined();
  });

  it('shows it in English too', async () => {
    const alert = await tryToConfirm();
    expect(alert.textContent).toBe(MESSAGES.manualOrderBuyerPaused);
  });
});
