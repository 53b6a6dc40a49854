import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MESSAGES } from './index';
import {
  ContactBodySchema,
  isSimpleEmail,
  LoginBodySchema,
  ProfileUpdateBodySchema,
  RegisterBodySchema,
  RegisterFormSchema,
} from './users.schemas';

const issuesOf = (result: { error?: z.ZodError }) =>
  Object.fromEntries(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []);

const validRegister = {
  FirstName: 'Ada',
  LastName: 'Lovelace',
  Username: 'ada_l',
  Email: 'ada@example.com',
  Country: 'United Kingdom',
  Mobile: '+44 20 7946 0000',
  Password: 'correct horse',
  AcceptAge18: true,
  AcceptTerms: true,
} as const;

describe('RegisterBodySchema', () => {
  it('accepts a complete registration and trims names', () => {
    const body = RegisterBodySchema.parse({ ...validRegister, FirstName: '  Ada ', RecaptchaToken: 't' });
    expect(body.FirstName).toBe('Ada');
  });

  it('reports every missing field with the SPEC message', () => {
    expect(issuesOf(RegisterBodySchema.safeParse({}))).toEqual({
      FirstName: 'First name is required.',
      LastName: 'Last name is required.',
      Username: 'Username is required.',
      Email: 'Email address is required.',
      Country: 'Country is required.',
      Mobile: 'Phone number is required.',
      Password: 'Password is required.',
      AcceptAge18: 'You must be 18 or older.',
      AcceptTerms: 'You must accept the terms.',
    });
  });

  it('treats blank strings as missing', () => {
    const result = RegisterBodySchema.safeParse({ ...validRegister, FirstName: '   ', Password: '' });
    expect(issuesOf(result)).toEqual({
      FirstName: 'First name is required.',
      Password: 'Password is required.',
    });
  });

  it('says a short phone is too short', () => {
    expect(issuesOf(RegisterBodySchema.safeParse({ ...validRegister, Mobile: '12345' }))).toEqual({
      Mobile: 'Phone number must be at least 6 characters long.',
    });
  });

  it('requires both checkboxes ticked', () => {
    const result = RegisterBodySchema.safeParse({ ...validRegister, AcceptAge18: false, AcceptTerms: false });
    expect(issuesOf(result)).toEqual({
      AcceptAge18: MESSAGES.mustBeAdult,
      AcceptTerms: MESSAGES.mustAcceptTerms,
    });
  });

  it.each([
    ['Username', 'ab', MESSAGES.usernameInvalid],
    ['Username', 'has space', MESSAGES.usernameInvalid],
    ['Username', 'a'.repeat(33), MESSAGES.fieldTooLong],
    ['Email', 'not-an-email', MESSAGES.emailInvalid],
    ['Password', 'short', MESSAGES.passwordTooShort],
    ['Password', 'x'.repeat(129), MESSAGES.passwordTooLong],
  ])('rejects %s %s', (field, value, message) => {
    expect(issuesOf(RegisterBodySchema.safeParse({ ...validRegister, [field]: value }))).toEqual({
      [field]: message,
    });
  });
});

describe('RegisterFormSchema', () => {
  it('requires the confirmation to match', () => {
    const result = RegisterFormSchema.safeParse({ ...validRegister, confirmPassword: 'something else' });
    expect(issuesOf(result)).toEqual({ confirmPassword: 'Passwords must match.' });
  });

  it('shows the mismatch together with other errors', () => {
    const result = RegisterFormSchema.safeParse({ Password: 'abcdefgh', confirmPassword: 'abcdefgX' });
    expect(issuesOf(result)).toMatchObject({
      FirstName: 'First name is required.',
      confirmPassword: 'Passwords must match.',
    });
  });

  it('passes when they match', () => {
    expect(
      RegisterFormSchema.safeParse({ ...validRegister, confirmPassword: validRegister.Password }).success,
    ).toBe(true);
  });
});

describe('LoginBodySchema', () => {
  it('uses the login messages verbatim', () => {
    expect(issuesOf(LoginBodySchema.safeParse({}))).toEqual({
      Username: 'Username / Email field is required',
      Password: 'Password is required',
    });
    expect(issuesOf(LoginBodySchema.safeParse({ Username: '  ', Password: '' }))).toEqual({
      Username: 'Username / Email field is required',
      Password: 'Password is required',
    });
  });

  it('accepts a username or an email', () => {
    expect(LoginBodySchema.safeParse({ Username: 'ada@example.com', Password: 'x' }).success).toBe(true);
    expect(LoginBodySchema.safeParse({ Username: 'ada', Password: 'x', RecaptchaToken: 't' }).success).toBe(
      true,
    );
  });
});

describe('ProfileUpdateBodySchema', () => {
  const valid = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: 'ada_l',
    email: 'ada@example.com',
    phone: '123456',
    country: 'UK',
    currentPassword: 'secret',
  };

  it('strips unknown keys such as a balance', () => {
    expect(ProfileUpdateBodySchema.parse({ ...valid, creditBalance: 1e6, roles: ['admin'] })).toEqual(valid);
  });

  it('requires the current password', () => {
    expect(issuesOf(ProfileUpdateBodySchema.safeParse({ ...valid, currentPassword: '' }))).toEqual({
      currentPassword: MESSAGES.currentPasswordRequired,
    });
  });

  it('is strict about types', () => {
    expect(ProfileUpdateBodySchema.safeParse({ ...valid, phone: 123456 }).success).toBe(false);
  });
});

describe('contact', () => {
  it.each([
    ['a@b.co', true],
    ['first.last+tag@example.org', true],
    ['a@b', false],
    ['a b@c.de', false],
    ['@example.com', false],
    ['', false],
  ])('isSimpleEmail(%s) = %s', (email, expected) => {
    expect(isSimpleEmail(email)).toBe(expected);
  });

  it('bounds the fields', () => {
    const valid = { email: 'a@b.co', message: 'Hello', name: 'Ada', subject: 'Hi' };
    expect(ContactBodySchema.safeParse(valid).success).toBe(true);
    expect(ContactBodySchema.safeParse({ ...valid, message: 'x'.repeat(5001) }).success).toBe(false);
    expect(ContactBodySchema.safeParse({ ...valid, name: '' }).success).toBe(false);
    expect(ContactBodySchema.safeParse({ ...valid, subject: 'x'.repeat(201) }).success).toBe(false);
    expect(ContactBodySchema.safeParse({ ...valid, email: 'nope' }).success).toBe(false);
  });
});

describe('one message per field', () => {
  it('does not add format errors to a missing value', () => {
    expect(
      issuesOf(ContactBodySchema.safeParse({ email: '', message: 'm', name: 'n', subject: 's' })),
    ).toEqual({
      email: MESSAGES.emailRequired,
    });
    const result = RegisterBodySchema.safeParse({ ...validRegister, Password: '' });
    expect(result.error?.issues).toHaveLength(1);
  });
});
