import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/i18n.test-support';
import {
  installFakeApi,
  renderWithProviders,
  resetTestKit,
  stubFetch,
} from '../../../test/public-test-kit.test-support';
import { ContactForm } from './contact-form';

beforeAll(async () => {
  await initTestI18n();
});

afterEach(() => {
  resetTestKit();
});

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

describe('Contact form', () => {
  it('sends nothing and shows no message while the email does not look like one', async () => {
    stubFetch();
    const requests = installFakeApi(() => ({ data: {} }));
    renderWithProviders(<ContactForm />);
    fill({ Name: 'Ada', Email: 'ada-at-example', Subject: 'Hello', Message: 'A question' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(requests).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends email, message, name and subject to POST /users/contact', async () => {
    stubFetch();
    const requests = installFakeApi(() => ({ data: {} }));
    renderWithProviders(<ContactForm />);
    fill({ Name: ' Ada ', Email: 'ada@example.com', Subject: 'Hello', Message: 'A question' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent')).toBeDefined();
    expect(requests).toEqual([
      {
        method: 'POST',
        url: '/users/contact',
        params: {},
        data: { email: 'ada@example.com', message: 'A question', name: 'Ada', subject: 'Hello' },
      },
    ]);
  });
});
