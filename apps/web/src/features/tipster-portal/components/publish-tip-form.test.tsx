import { fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { FixtureOdds } from '@tips/contract/market-prices.schemas';
import { BACKOFFICE_MESSAGES, MARKET_PRICE_MESSAGES, oddsAboveMarketMessage } from '@tips/contract/rules';
import { AxiosError, AxiosHeaders } from 'axios';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import german from '../../../../public/locales/de.json';
import { initTestI18n } from '../../../test/i18n.test-support';
import type { UpcomingFixture } from '../api/tipster-portal-api';
import { PublishTipForm } from './publish-tip-form';
import { usePortalMessage } from './use-portal-message';

// The picker's query (GET /api/fixtures) is replaced by what each test sets here.
const fixtures = vi.hoisted(() => ({
  state: {
    data: undefined as { data: UpcomingFixture[]; totalItems: number } | undefined,
    isFetching: false,
    isError: false,
  },
  searches: [] as string[],
  // GET /api/fixtures/{id}/odds: the market's best prices of the picked match (decision 150).
  odds: { isSuccess: false, data: undefined } as {
    isSuccess: boolean;
    data: FixtureOdds | undefined;
  },
}));
vi.mock('../api/tipster-portal-api', () => ({
  useUpcomingFixtures: (search: string) => {
    fixtures.searches.push(search);
    return fixtures.state;
  },
  useFixtureOdds: (fixtureId: number | null) =>
    fixtureId === null ? { isSuccess: false, data: undefined } : fixtures.odds,
}));

beforeAll(async () => {
  await initTestI18n();
});

const NOW = new Date('2030-05-01T12:00:00Z');
const now = () => NOW;

const ARSENAL_CHELSEA: UpcomingFixture = {
  id: 41,
  competition: { code: 'en.1', name: 'English Premier League' },
  homeTeam: 'Arsenal FC',
  awayTeam: 'Chelsea FC',
  kickoffAt: '2030-05-01T18:30:00Z',
  status: 'scheduled',
};
const LAZIO_ROMA: UpcomingFixture = {
  id: 42,
  competition: { code: 'it.1', name: 'Italian Serie A' },
  homeTeam: 'Lazio',
  awayTeam: 'Roma',
  kickoffAt: '2030-05-02T18:45:00Z',
  status: 'scheduled',
};

beforeEach(() => {
  fixtures.state = {
    data: { data: [ARSENAL_CHELSEA, LAZIO_ROMA], totalItems: 2 },
    isFetching: false,
    isError: false,
  };
  fixtures.searches = [];
  fixtures.odds = { isSuccess: false, data: undefined };
});

function renderForm(onPublish = vi.fn().mockResolvedValue({})) {
  render(<PublishTipForm onPublish={onPublish} now={now} />);
  return onPublish;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const matchBox = () => screen.getByRole('combobox', { name: 'Match' });

function pickMatch(search: string, option: RegExp) {
  fireEvent.focus(matchBox());
  fireEvent.change(matchBox(), { target: { value: search } });
  fireEvent.mouseDown(screen.getByRole('option', { name: option }));
}

function fillValidTip() {
  pickMatch('arsenal', /Arsenal FC – Chelsea FC/);
  fill('Betting type', '2');
  fill('Side', 'Over');
  fill('Line', '2.75');
  fill('Odds', '1.85');
  fill('Price (USD)', '12.5');
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Publish' }));

function errorOf(label: string): string | null {
  const input = screen.getByLabelText(label);
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids
    .map((id) => document.getElementById(id))
    .find((node) => node?.getAttribute('role') === 'alert');
  return error?.textContent ?? null;
}

function apiError(status: number, message: string) {
  const error = new AxiosError('Request failed', 'ERR_BAD_RESPONSE');
  error.response = {
    status,
    statusText: '',
    headers: {},
    config: { headers: new AxiosHeaders() },
    data: { code: 'UNPROCESSABLE', errors: [message], requestId: 'r1' },
  };
  return error;
}

describe('fixture picker', () => {
  it('lists upcoming matches with competition and kick-off, and is keyboard accessible', async () => {
    renderForm();
    fireEvent.focus(matchBox());
    fireEvent.change(matchBox(), { target: { value: 'serie' } });
    // The search is debounced: the query sees the text once typing pauses.
    expect(fixtures.searches).not.toContain('serie');
    await waitFor(() => expect(fixtures.searches).toContain('serie'));
    expect(matchBox().getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox', { name: 'Match' });
    expect(matchBox().getAttribute('aria-controls')).toBe(listbox.id);
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Arsenal FC – Chelsea FC'),
      expect.stringContaining('Lazio – Roma'),
    ]);
    expect(options[1].textContent).toContain('Italian Serie A');
    fireEvent.keyDown(matchBox(), { key: 'ArrowDown' });
    expect(matchBox().getAttribute('aria-activedescendant')).toBe(options[1].id);
    expect(options[1].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(matchBox(), { key: 'Enter' });
    expect((matchBox() as HTMLInputElement).value).toBe('Lazio – Roma');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('says when nothing matches, while loading and when the search fails', () => {
    fixtures.state = { data: { data: [], totalItems: 0 }, isFetching: false, isError: false };
    const { rerender } = render(<PublishTipForm onPublish={vi.fn()} now={now} />);
    fireEvent.focus(matchBox());
    expect(screen.getByText('No upcoming matches found')).toBeTruthy();
    fixtures.state = { data: undefined, isFetching: true, isError: false };
    rerender(<PublishTipForm onPublish={vi.fn()} now={now} />);
    expect(screen.getByText('Searching…')).toBeTruthy();
    fixtures.state = { data: undefined, isFetching: false, isError: true };
    rerender(<PublishTipForm onPublish={vi.fn()} now={now} />);
    expect(screen.getByRole('alert').textContent).toBe('Could not load matches. Try again.');
  });
});

describe('PublishTipForm', () => {
  it('refuses an empty form and marks every required field', async () => {
    const onPublish = renderForm();
    submit();
    await waitFor(() => expect(errorOf('Match')).toBe('Required.'));
    expect(errorOf('Odds')).toMatch(/^Odds must be a decimal number/);
    expect(errorOf('Price (USD)')).toBe('Enter a price, or mark the tip as free.');
    expect(onPublish).not.toHaveBeenCalled();
  });

  it('offers the lines of each market: quarter Asian lines, quarter totals, whole European lines', () => {
    renderForm();
    const lineValues = () =>
      Array.from((screen.getByLabelText('Line') as HTMLSelectElement).options).map((o) => o.textContent);
    fill('Betting type', '1');
    expect(lineValues()).toHaveLength(29);
    expect(lineValues()).toEqual(expect.arrayContaining(['-3.5', '-0.25', '0', '+0.75', '+3.5']));
    fill('Betting type', '2');
    expect(lineValues()[0]).toBe('0.5');
    expect(lineValues()).toContain('2.75');
    expect(lineValues().at(-1)).toBe('6.5');
    fill('Betting type', '14');
    expect(lineValues()).not.toContain('-0.5');
    expect(lineValues()).toContain('+1');
    fill('Betting type', '3');
    expect(screen.queryByLabelText('Line')).toBeNull();
    expect(
      Array.from((screen.getByLabelText('Outcome') as HTMLSelectElement).options).map((o) => o.value),
    ).toEqual(['Home', 'Draw', 'Away']);
  });

  it('composes a correct score from two numbers', async () => {
    const onPublish = renderForm();
    fillValidTip();
    fill('Betting type', '4');
    fill('Home goals', '2');
    fill('Away goals', '1');
    submit();
    await waitFor(() => expect(onPublish).toHaveBeenCalledTimes(1));
    expect(onPublish.mock.calls[0][0]).toMatchObject({ bettingType: 4, selection: '2-1' });
  });

  it('stakes 1 unit unless told, and refuses a stake outside 1–10 with the contract message', async () => {
    const onPublish = renderForm();
    fillValidTip();
    expect((screen.getByLabelText(/Stake \(units\)/) as HTMLInputElement).value).toBe('1');
    for (const stake of ['0', '11', '2.5']) {
      fill('Stake (units)', stake);
      submit();
      await waitFor(() =>
        expect(errorOf('Stake (units)')).toBe('Stake must be a whole number of units from 1 to 10.'),
      );
    }
    expect(onPublish).not.toHaveBeenCalled();
    fill('Stake (units)', '10');
    submit();
    await waitFor(() => expect(onPublish).toHaveBeenCalledTimes(1));
    expect(onPublish.mock.calls[0][0]).toMatchObject({ stake: 10 });
  });

  it('refuses a picked match that has kicked off meanwhile', async () => {
    const onPublish = vi.fn();
    render(<PublishTipForm onPublish={onPublish} now={() => new Date('2030-05-01T18:30:00Z')} />);
    fillValidTip();
    submit();
    await waitFor(() => expect(errorOf('Match')).toMatch(/already kicked off/));
    expect(onPublish).not.toHaveBeenCalled();
  });

  it('sends the fixture and the canonical selection, and confirms the publication', async () => {
    const onPublish = renderForm();
    fillValidTip();
    fill('Side', 'Under');
    fill('Reasoning', 'Both sides score freely.');
    fill('Stake (units)', '4');
    expect(screen.getByText('Under 2.75')).toBeTruthy();
    submit();
    await waitFor(() => expect(onPublish).toHaveBeenCalledTimes(1));
    expect(onPublish.mock.calls[0][0]).toEqual({
      fixtureId: 41,
      bettingType: 2,
      selection: 'Under 2.75',
      odds: 1.85,
      stake: 4,
      price: 12.5,
      reasoning: 'Both sides score freely.',
    });
    expect(await screen.findByText('Tip published.')).toBeTruthy();
    expect((screen.getByLabelText('Odds') as HTMLInputElement).value).toBe('');
  });

  it('signs handicap lines: Home -0.25', async () => {
    const onPublish = renderForm();
    fillValidTip();
    fill('Betting type', '1');
    fill('Line', '-0.25');
    submit();
    await waitFor(() => expect(onPublish).toHaveBeenCalledTimes(1));
    expect(onPublish.mock.calls[0][0]).toMatchObject({ bettingType: 1, selection: 'Home -0.25' });
  });

  it('publishes a free tip without a price', async () => {
    const onPublish = renderForm();
    fillValidTip();
    fill('Price (USD)', '');
    fireEvent.click(screen.getByLabelText('Free'));
    expect((screen.getByLabelText('Price (USD)') as HTMLInputElement).disabled).toBe(true);
    submit();
    await waitFor(() => expect(onPublish).toHaveBeenCalledTimes(1));
    expect(onPublish.mock.calls[0][0]).toMatchObject({ free: true });
    expect(onPublish.mock.calls[0][0]).not.toHaveProperty('price');
  });

  it("shows the server's message when publishing fails", async () => {
    renderForm(vi.fn().mockRejectedValue(apiError(404, 'This match does not exist.')));
    fillValidTip();
    submit();
    const alert = await screen.findByText('This match does not exist.');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByText('Tip published.')).toBeNull();
  });

  // Issue 29.8 (decision 114): a second tip on the same match and market is refused, in the
  // tipster's language.
  it('says one pick per market when the API refuses a second tip on the match, in German too', async () => {
    const refusal = apiError(422, BACKOFFICE_MESSAGES.onePickPerMarket);
    renderForm(vi.fn().mockRejectedValue(refusal));
    fillValidTip();
    submit();
    const alert = await screen.findByText(BACKOFFICE_MESSAGES.onePickPerMarket);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    i18n.addResourceBundle('de', 'translation', german);
    await i18n.changeLanguage('de');
    try {
      const { result } = renderHook(() => usePortalMessage());
      expect(result.current(BACKOFFICE_MESSAGES.onePickPerMarket)).toBe(
        german.backoffice.messages.onePickPerMarket,
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  // Issue #27 (decision 150): the form shows the market's best price of the selection being built,
  // fills the odds with it, says when there is none, and names demo prices as such.
  it('shows and fills the best current price of the selection, says demo prices are demo, and when there is none', async () => {
    fixtures.odds = {
      isSuccess: true,
      data: {
        fixtureId: 41,
        source: 'house-book',
        updatedAt: '2030-05-01T11:00:00Z',
        markets: [
          {
            bettingType: 2,
            selection: 'Over 2.75',
            odds: 1.91,
            bookmaker: 'House book (demo)',
            updatedAt: '2030-05-01T11:00:00Z',
          },
        ],
      },
    };
    renderForm();
    pickMatch('arsenal', /Arsenal FC – Chelsea FC/);
    fill('Betting type', '2');
    fill('Side', 'Over');
    fill('Line', '2.75');
    const price = await screen.findByTestId('market-price');
    expect(price.textContent).toContain('Best current price: 1.91 (House book (demo))');
    expect(price.textContent).toContain("Demo prices from a rating model, not a bookmaker's.");
    await waitFor(() => expect((screen.getByLabelText('Odds') as HTMLInputElement).value).toBe('1.91'));
    fill('Line', '3');
    expect(screen.getByTestId('market-price').textContent).toBe(
      'No current market price for this selection: it cannot be published now.',
    );
  });

  it("translates the API's price refusals, the best price and bookmaker in their place", async () => {
    const above = oddsAboveMarketMessage(2500, 145, 'House book (demo)');
    i18n.addResourceBundle('de', 'translation', german);
    await i18n.changeLanguage('de');
    try {
      const { result } = renderHook(() => usePortalMessage());
      expect(result.current(above)).toBe(
        'Die Quote 25.00 liegt über dem besten aktuellen Kurs 1.45 (House book (demo)) für diese Auswahl: Veröffentliche zu 1.47 oder weniger.',
      );
      expect(result.current(MARKET_PRICE_MESSAGES.noMarketPrice)).toBe(
        german.backoffice.messages.noMarketPrice,
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('the tier of the tipster', () => {
  function renderAs(category: string, onPublish = vi.fn().mockResolvedValue({})) {
    render(
      <MemoryRouter>
        <PublishTipForm onPublish={onPublish} now={now} category={category} />
      </MemoryRouter>,
    );
    return onPublish;
  }

  it('offers a Novice no price: the form says why, links the tier rules and publishes a free tip', async () => {
    const onPublish = renderAs('NOVICE');
    expect(screen.queryByLabelText('Price (USD)')).toBeNull();
    expect(screen.queryByLabelText('Free tip')).toBeNull();
    expect(screen.getByText(/As a Novice you publish free tips only/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'see how tiers work' }).getAttribute('href')).toBe(
      '/tipster-tiers',
    );
    pickMatch('arsenal', /Arsenal FC – Chelsea FC/);
    fill('Betting type', '2');
    fill('Side', 'Over');
    fill('Line', '2.75');
    fill('Odds', '1.85');
    submit();
    await waitFor(() => expect(onPublish).toHaveBeenCalledTimes(1));
    expect(onPublish.mock.calls[0][0]).toMatchObject({ fixtureId: 41, free: true });
    expect(onPublish.mock.calls[0][0]).not.toHaveProperty('price');
  });

  it("shows a Senior their tier's price cap beside the price", () => {
    renderAs('SENIOR');
    const price = screen.getByLabelText('Price (USD)');
    const hint = (price.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(hint).toContain('Senior tipsters may ask up to $50.00.');
  });
});
