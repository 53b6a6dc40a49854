import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../test/i18n.test-support';
import { PublishTipForm } from './publish-tip-form';

beforeAll(async () => {
  await initTestI18n();
});

// Local wall-clock times, as a datetime-local input gives them.
const NOW = new Date('2030-05-01T12:00');
const now = () => NOW;

function renderForm(onPublish = vi.fn().mockResolvedValue({})) {
  render(<PublishTipForm onPublish={onPublish} now={now} />);
  return onPublish;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValidTip() {
  fill('League', 'Premier League');
  fill('Home team', 'Arsenal');
  fill('Away team', 'Chelsea');
  fill('Kick-off', '2030-05-01T18:30');
  fill('Betting type', '2');
  fill('Selection', 'over 2.5');
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

describe('PublishTipForm', () => {
  it('refuses an empty form and marks every required field', async () => {
    const onPublish = renderForm();
    submit();
    await waitFor(() => expect(errorOf('League')).toBe('Required.'));
    expect(errorOf('Home team')).toBe('Required.');
    expect(errorOf('Away team')).toBe('Required.');
    expect(errorOf('Kick-off')).toBe('Required.');
    expect(errorOf('Selection')).toBe('Required.');
    expect(errorOf('Odds')).toMatch(/^Odds must be a decimal number/);
    expect(errorOf('Price (USD)')).toBe('Enter a price, or mark the tip as free.');
    expect(onPublish).not.toHaveBeenCalled();
  });

  it('applies the API schema: selection format per betting type, odds range, different teams', async () => {
    const onPublish = renderForm();
    fillValidTip();
    fill('Away team', 'arsenal');
    fill('Betting type', '4');
    fill('Selection', 'Over 2.5');
    fill('Odds', '1.005');
    submit();
    await waitFor(() => expect(errorOf('Selection')).toBe('The selection does not fit the betting type.'));
    expect(errorOf('Away team')).toBe('Home and away team must be different.');
    expect(errorOf('Odds')).toMatch(/^Odds must be a decimal number/);
    expect(onPublish).not.toHaveBeenCalled();
  });

  it('shows the expected selection format for the chosen betting type', () => {
    renderForm();
    fill('Betting type', '4');
    expect(screen.getByText('Format: 2-1')).toBeTruthy();
    fill('Betting type', '15');
    expect(screen.getByText('Format: Odd, Even')).toBeTruthy();
  });

  it('refuses a kick-off that is not in the future', async () => {
    const onPublish = renderForm();
    fillValidTip();
    fill('Kick-off', '2030-05-01T11:59');
    submit();
    await waitFor(() => expect(errorOf('Kick-off')).toMatch(/already kicked off/));
    expect(onPublish).not.toHaveBeenCalled();
  });

  it('sends the normalised body and confirms the publication', async () => {
    const onPublish = renderForm();
    fillValidTip();
    fill('Reasoning', 'Both sides score freely.');
    submit();
    await waitFor(() => expect(onPublish).toHaveBeenCalledTimes(1));
    expect(onPublish.mock.calls[0][0]).toEqual({
      league: 'Premier League',
      homeTeam: 'Arsenal',
      awayTeam: 'Chelsea',
      eventTime: new Date('2030-05-01T18:30').toISOString(),
      bettingType: 2,
      selection: 'over 2.5',
      odds: 1.85,
      price: 12.5,
      reasoning: 'Both sides score freely.',
    });
    expect(await screen.findByText('Tip published.')).toBeTruthy();
    expect((screen.getByLabelText('Home team') as HTMLInputElement).value).toBe('');
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
    renderForm(
      vi
        .fn()
        .mockRejectedValue(
          apiError(422, 'The match has already kicked off: tips can only be published before kick-off.'),
        ),
    );
    fillValidTip();
    submit();
    const alert = await screen.findByText(/already kicked off/);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByText('Tip published.')).toBeNull();
  });
});
