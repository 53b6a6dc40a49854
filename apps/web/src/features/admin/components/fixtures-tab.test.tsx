import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiError, installFakeApi } from '../../../test/fake-api.test-support';
import { initTestI18n } from '../../../test/i18n.test-support';
import { renderPage } from '../../../test/render-page.test-support';
import { FixturesTab } from './fixtures-tab';

beforeAll(async () => {
  await initTestI18n();
});

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const jsonFile = () =>
  new File(['{"name":"Premier League 2024/25","matches":[]}'], 'en.1.json', { type: 'application/json' });

function choose(file: File) {
  fireEvent.change(screen.getByLabelText('openfootball JSON file'), { target: { files: [file] } });
}

describe('back office: import fixtures', () => {
  it('uploads the chosen file as multipart field "file" and shows the counts and skipped matches', async () => {
    const api = installFakeApi({
      'POST /admin/fixtures/import': [
        200,
        {
          file: 'en.1.json',
          competition: 'English Premier League',
          season: '2024-25',
          added: 12,
          updated: 3,
          unchanged: 365,
          skipped: [{ match: { index: 4, homeTeam: 'Arsenal FC', awayTeam: null }, reason: 'unknown team' }],
        },
      ],
    });
    restore = api.restore;
    renderPage(<FixturesTab />);
    choose(jsonFile());
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('en.1.json: English Premier League 2024-25')).toBeDefined();
    expect(screen.getByTestId('import-added').textContent).toBe('12');
    expect(screen.getByTestId('import-updated').textContent).toBe('3');
    expect(screen.getByTestId('import-unchanged').textContent).toBe('365');
    expect(screen.getByTestId('import-skipped').textContent).toBe('1');
    expect(screen.getByText('Match 5 (Arsenal FC – ?): unknown team')).toBeDefined();
    const [call] = api.callsTo('POST /admin/fixtures/import');
    expect(call.body).toBeInstanceOf(FormData);
    expect(((call.body as FormData).get('file') as File).name).toBe('en.1.json');
  });

  it('asks for a file before uploading anything', () => {
    const api = installFakeApi({});
    restore = api.restore;
    renderPage(<FixturesTab />);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a .json file to import first.');
    expect(api.calls).toHaveLength(0);
  });

  it.each([
    [
      400,
      'The file is not an openfootball file.',
      'The file was refused: The file is not an openfootball file.',
    ],
    [
      413,
      'The file is too large (at most 5242880 bytes).',
      'The file is too large: The file is too large (at most 5242880 bytes).',
    ],
  ])('explains a %i answer', async (status, message, shown) => {
    const api = installFakeApi({ 'POST /admin/fixtures/import': apiError(status, message) });
    restore = api.restore;
    renderPage(<FixturesTab />);
    choose(jsonFile());
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(shown));
  });
});
