import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/i18n.test-support';
import {
  installFakeApi,
  makeAiTip,
  makeTip,
  makeTipster,
  paged,
  renderWithProviders,
  resetTestKit,
  stubFetch,
} from '../../../test/public-test-kit.test-support';
import { NotFoundPage } from './not-found-page';

beforeAll(async () => {
  await initTestI18n();
});

afterEach(() => {
  resetTestKit();
});

describe('Not-found page', () => {
  it('asks whether the visitor was looking for the path and offers 4 AI tips, tips and tipsters', async () => {
    stubFetch();
    const requests = installFakeApi((request) => {
      if (request.url === '/tips/ai')
        return { data: { aiTips: [1, 2, 3, 4].map((id) => makeAiTip({ id })) } };
      if (request.url === '/tips')
        return {
          data: paged(
            [1, 2, 3, 4].map((id) => makeTip({ id })),
            1,
            4,
          ),
        };
      if (request.url === '/tipsters')
        return {
          data: paged(
            [1, 2, 3, 4].map((id) => makeTipster({ id })),
            1,
            4,
          ),
        };
      return { status: 404 };
    });
    renderWithProviders(<NotFoundPage location="/old/page" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Are you looking for /old/page' })).toBeDefined();
    for (const name of ['AI tips', 'Today Active Tips', 'Tipsters']) {
      const column = screen.getByRole('region', { name });
      expect(await within(column).findAllByRole('article')).toHaveLength(4);
    }
    const tipsters = within(screen.getByRole('region', { name: 'Tipsters' }));
    expect(tipsters.getAllByRole('button', { name: /FOLLOW/ })).toHaveLength(4);
    expect(tipsters.getAllByRole('link', { name: /View Profile/ })).toHaveLength(4);
    expect(
      within(screen.getByRole('region', { name: 'Today Active Tips' })).getAllByRole('button', {
        name: /BUY NOW/,
      }),
    ).toHaveLength(4);
    expect(requests.find((request) => request.url === '/tips')?.params).toMatchObject({
      pageSize: 4,
      random: 'true',
    });
    expect(requests.find((request) => request.url === '/tipsters')?.params).toMatchObject({ pageSize: 4 });
    expect(screen.getByRole('link', { name: 'Read More...' }).getAttribute('href')).toBe('/about');
  });
});
