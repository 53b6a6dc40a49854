import { describe, expect, it } from 'vitest';
import { canSendContact } from './contact-api';

const VALID = { email: 'ada@example.com', message: 'Hello', name: 'Ada', subject: 'Question' };

describe('contact message (SPEC §5)', () => {
  it('is sent only with a simple-looking email', () => {
    expect(canSendContact(VALID)).toBe(true);
    for (const email of ['', 'ada', 'ada@example', 'ada @example.com', '@example.com']) {
      expect(canSendContact({ ...VALID, email }), email).toBe(false);
    }
  });

  it('needs the other fields the API requires', () => {
    expect(canSendContact({ ...VALID, message: '  ' })).toBe(false);
    expect(canSendContact({ ...VALID, name: '' })).toBe(false);
    expect(canSendContact({ ...VALID, subject: '' })).toBe(false);
  });
});
