import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { SettleTipResponse } from '@tips/contract/settlement.schemas';
import { AxiosError, AxiosHeaders } from 'axios';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../../test/i18n.test-support';
import { ResultDialog } from './result-dialog';

beforeAll(async () => {
  await initTestI18n();
});

const SUBJECT = {
  tipId: 42,
  title: 'Arsenal – Chelsea · 01/05/2030, 18:30',
  detail: 'Total goal F.T: Over 2.5 @ 1.85',
};
const RESPONSE = { emailsQueued: 3 } as SettleTipResponse;

function renderDialog(overrides: Partial<Parameters<typeof ResultDialog>[0]> = {}) {
  const props = {
    mode: 'settle' as const,
    subject: SUBJECT,
    onClose: vi.fn(),
    onSubmit: vi.fn().mockResolvedValue(RESPONSE),
    onSuggest: vi.fn().mockResolvedValue({ result: 'WIN', resultDetails: '2-1 (HT 1-0)' }),
    onDone: vi.fn(),
    ...overrides,
  };
  render(<ResultDialog {...props} />);
  return props;
}

const dialog = () => within(screen.getByRole('dialog', { name: 'Settle tip #42' }));

function setScore(home: string, away: string, htHome: string, htAway: string) {
  const d = dialog();
  fireEvent.change(d.getByLabelText('Home'), { target: { value: home } });
  fireEvent.change(d.getByLabelText('Away'), { target: { value: away } });
  fireEvent.change(d.getByLabelText('Home (HT)'), { target: { value: htHome } });
  fireEvent.change(d.getByLabelText('Away (HT)'), { target: { value: htAway } });
}

const submit = (name = 'Settle') => fireEvent.click(screen.getByRole('button', { name }));

describe('ResultDialog', () => {
  it('is a labelled dialog that names the match and the pick', () => {
    renderDialog();
    expect(dialog().getByText('Total goal F.T: Over 2.5 @ 1.85')).toBeTruthy();
    expect(screen.getByRole('dialog').getAttribute('aria-describedby')).toBeTruthy();
  });

  it('requires a result, and details when no score is given', async () => {
    const props = renderDialog();
    submit();
    expect(await screen.findByText('Choose a result.')).toBeTruthy();
    expect(screen.getByText('Enter the result details or the final score.')).toBeTruthy();
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('settles with an explicit result and details', async () => {
    const props = renderDialog();
    fireEvent.click(dialog().getByLabelText('Loss'));
    fireEvent.change(dialog().getByLabelText('Result details'), { target: { value: 'Abandoned 0-0' } });
    submit();
    await waitFor(() =>
      expect(props.onSubmit).toHaveBeenCalledWith({ result: 'LOSS', resultDetails: 'Abandoned 0-0' }),
    );
    expect(props.onDone).toHaveBeenCalledWith(RESPONSE);
  });

  it('suggests the result a score implies and sends the score along', async () => {
    const props = renderDialog();
    setScore('2', '1', '1', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Suggest result' }));
    await waitFor(() =>
      expect(props.onSuggest).toHaveBeenCalledWith({ home: 2, away: 1, htHome: 1, htAway: 0 }),
    );
    expect(await screen.findByText('Suggested: Win (2-1 (HT 1-0))')).toBeTruthy();
    expect((dialog().getByLabelText('Win') as HTMLInputElement).checked).toBe(true);
    expect((dialog().getByLabelText('Result details') as HTMLInputElement).value).toBe('2-1 (HT 1-0)');
    submit();
    await waitFor(() =>
      expect(props.onSubmit).toHaveBeenCalledWith({
        result: 'WIN',
        resultDetails: '2-1 (HT 1-0)',
        score: { home: 2, away: 1, htHome: 1, htAway: 0 },
      }),
    );
  });

  it('says when a selection cannot be graded from the score', async () => {
    renderDialog({ onSuggest: vi.fn().mockResolvedValue({ result: null, resultDetails: '1-1 (HT 0-0)' }) });
    setScore('1', '1', '0', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Suggest result' }));
    expect(await screen.findByText(/cannot be graded from a score/)).toBeTruthy();
  });

  it('refuses an impossible score before calling the API', async () => {
    const props = renderDialog();
    setScore('1', '0', '2', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Suggest result' }));
    expect(await screen.findByText('Half-time goals cannot exceed full-time goals.')).toBeTruthy();
    setScore('1', '', '0', '0');
    fireEvent.click(dialog().getByLabelText('Win'));
    submit();
    expect(await screen.findByText('Goals must be whole numbers from 0 to 99.')).toBeTruthy();
    expect(props.onSuggest).not.toHaveBeenCalled();
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('shows the API message when settling fails and stays open', async () => {
    const error = new AxiosError('Request failed');
    error.response = {
      status: 409,
      statusText: '',
      headers: {},
      config: { headers: new AxiosHeaders() },
      data: { code: 'CONFLICT', errors: ['This tip has already been settled'], requestId: 'r1' },
    };
    const props = renderDialog({ onSubmit: vi.fn().mockRejectedValue(error) });
    fireEvent.click(dialog().getByLabelText('Void'));
    fireEvent.change(dialog().getByLabelText('Result details'), { target: { value: 'Postponed' } });
    submit();
    expect(await screen.findByText('This tip has already been settled')).toBeTruthy();
    expect(props.onDone).not.toHaveBeenCalled();
  });

  it('asks for a reason when correcting a settlement', async () => {
    const props = renderDialog({ mode: 'correct' });
    const correction = within(screen.getByRole('dialog', { name: 'Correct tip #42' }));
    fireEvent.click(correction.getByLabelText('Win'));
    fireEvent.change(correction.getByLabelText('Result details'), { target: { value: '3-1' } });
    submit('Correct');
    expect(await screen.findByText('Give a reason (at least 3 characters).')).toBeTruthy();
    fireEvent.change(correction.getByLabelText('Reason'), { target: { value: 'Wrong score entered' } });
    submit('Correct');
    await waitFor(() =>
      expect(props.onSubmit).toHaveBeenCalledWith({
        result: 'WIN',
        resultDetails: '3-1',
        reason: 'Wrong score entered',
      }),
    );
  });
});
