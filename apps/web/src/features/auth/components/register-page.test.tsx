import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiError, type FakeReply, installFakeApi } from '../../../test/fake-api.test-support';
import { initTestI18n } from '../../../test/i18n.test-support';
import { renderPage } from '../../../test/render-page.test-support';
import { placeServerMessage, RegisterPage } from './register-page';

beforeAll(async () => {
  await initTestI18n();
});

let api: ReturnType<typeof installFakeApi> | undefined;
afterEach(() => api?.restore());

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValidForm() {
  fill('First name', 'Ada');
  fill('Last name', 'Lovelace');
  fill('Username', 'ada');
  fill('Email address', 'ada@example.com');
  fill('Country', 'United Kingdom');
  fill('Phone number', '+44 1234 5678');
  fill('Password', 'Secret#123');
  fill('Confirm password', 'Secret#123');
  fireEvent.click(screen.getByLabelText(/I confirm that I am 18 years of age or older/));
  fireEvent.click(screen.getByLabelText(/I have read and accept the/));
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

function renderRegister(reply?: FakeReply) {
  api = installFakeApi(reply ? { 'POST /users/register': reply } : {});
  return renderPage(<RegisterPage />, { path: '/register' });
}

describe('RegisterPage', () => {
  it("is 'Member sign up' with every field and both checkboxes", () => {
    renderRegister();
    expect(screen.getByRole('heading', { level: 1, name: 'Member sign up' })).toBeDefined();
    for (const label of [
      'First name',
      'Last name',
      'Username',
      'Email address',
      'Country',
      'Phone number',
      'Password',
      'Confirm password',
    ]) {
      expect(screen.getByLabelText(label)).toBeDefined();
    }
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe('/terms');
  });

  it('shows the SPEC messages for every missing field and sends nothing', async () => {
    renderRegister();
    submit();
    for (const message of [
      'First name is required.',
      'Last name is required.',
      'Username is required.',
      'Email address is required.',
      'Country is required.',
      'Phone number is required.',
      'Password is required.',
    ]) {
      expect(await screen.findByText(message)).toBeDefined();
    }
    expect(screen.getByText('You must be 18 or older.')).toBeDefined();
    expect(screen.getByText('You must accept the terms.')).toBeDefined();
    expect(api?.calls).toEqual([]);
  });

  it("says 'Passwords must match.' when the confirmation differs", async () => {
    renderRegister();
    fillValidForm();
    fill('Confirm password', 'Secret#124');
    submit();
    expect(await screen.findByText('Passwords must match.')).toBeDefined();
    expect(api?.calls).toEqual([]);
  });

  it('sends nothing until both checkboxes are ticked', async () => {
    renderRegister();
    fillValidForm();
    fireEvent.click(screen.getByLabelText(/I have read and accept the/));
    submit();
    expect(await screen.findByText('You must accept the terms.')).toBeDefined();
    expect(api?.calls).toEqual([]);
  });

  it('shows the server’s taken username and email under their fields', async () => {
    renderRegister(apiError(409, 'This username is already taken.', 'This email is already taken.'));
    fillValidForm();
    submit();
    expect(await screen.findByText('This username is already taken.')).toBeDefined();
    expect(screen.getByText('This email is already taken.')).toBeDefined();
    const usernameError = screen.getByLabelText('Username').getAttribute('aria-describedby');
    expect(usernameError && document.getElementById(usernameError)?.textContent).toBe(
      'This username is already taken.',
    );
  });

  it('turns a server error mentioning Mobile into the phone message', async () => {
    renderRegister(apiError(400, 'Mobile: too short'));
    fillValidForm();
    submit();
    expect(await screen.findByText('Phone number must be at least 6 characters long.')).toBeDefined();
  });

  it('sends the registration payload and confirms in a popup whose OK goes to /login', async () => {
    const view = renderRegister([201, { ok: true }]);
    fillValidForm();
    submit();
    const dialog = await screen.findByRole('dialog', { name: 'Registration successful' });
    expect(
      within(dialog).getByText('Registration successful. Please check your email to verify your account.'),
    ).toBeDefined();
    expect(api?.callsTo('POST /users/register')[0].body).toEqual({
      FirstName: 'Ada',
      LastName: 'Lovelace',
      Username: 'ada',
      Email: 'ada@example.com',
      Country: 'United Kingdom',
      Mobile: '+44 1234 5678',
      Password: 'Secret#123',
      AcceptAge18: true,
      AcceptTerms: true,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect((await screen.findByTestId('other-page')).textContent).toBe('/login');
    expect(view.router.state.location.pathname).toBe('/login');
  });
});

describe('placeServerMessage', () => {
  it('routes known messages to their field and anything else to the form', () => {
    expect(placeServerMessage('This username is already taken.')).toEqual({
      field: 'Username',
      message: 'This username is already taken.',
    });
    expect(placeServerMessage('Mobile must be a string')).toEqual({
      field: 'Mobile',
      message: 'Phone number must be at least 6 characters long.',
    });
    expect(placeServerMessage('Too many requests.')).toEqual({
      field: 'root',
      message: 'Too many requests.',
    });
  });
});
