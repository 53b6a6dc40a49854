import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './rules/constants';
import { MESSAGES } from './rules/errors';
import { ODDS_FORMATS } from './rules/odds-format';
import { textInput } from './text-input';

export const ROLES = ['user', 'tipster', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

// The same message whether the field is missing, not a string or blank: that is what the form shows.
function requiredString(message: string, max = 100) {
  return textInput({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: MESSAGES.fieldTooLong });
}

const EmailSchema = requiredString(MESSAGES.emailRequired, 254).pipe(
  z.email({ error: MESSAGES.emailInvalid }),
);

const UsernameSchema = requiredString(MESSAGES.usernameRequired, 32).pipe(
  z
    .string()
    .min(3, { error: MESSAGES.usernameInvalid })
    .regex(/^[A-Za-z0-9_.-]+$/, { error: MESSAGES.usernameInvalid }),
);

// Phone: 'Mobile' in the register payload; the SPEC's only length rule is 6 characters minimum.
const PhoneSchema = requiredString(MESSAGES.phoneRequired, 32).pipe(
  z
    .string()
    .min(6, { error: MESSAGES.phoneTooShort })
    .regex(/^[+0-9 ()-]+$/, { error: MESSAGES.phoneInvalid }),
);

// Passwords are not trimmed: spaces are legitimate characters.
const NewPasswordSchema = textInput({ error: MESSAGES.passwordRequired })
  .min(1, { error: MESSAGES.passwordRequired, abort: true })
  .min(PASSWORD_MIN, { error: MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX, { error: MESSAGES.passwordTooLong });

export const CurrentPasswordSchema = textInput({ error: MESSAGES.currentPasswordRequired })
  .min(1, { error: MESSAGES.currentPasswordRequired, abort: true })
  .max(PASSWORD_MAX, { error: MESSAGES.currentPasswordWrong });

const RecaptchaTokenSchema = textInput().max(4096).optional();

const registerFields = {
  FirstName: requiredString(MESSAGES.firstNameRequired),
  LastName: requiredString(MESSAGES.lastNameRequired),
  Username: UsernameSchema,
  Email: EmailSchema,
  Country: requiredString(MESSAGES.countryRequired),
  Mobile: PhoneSchema,
  Password: NewPasswordSchema,
  RecaptchaToken: RecaptchaTokenSchema,
  ReferralCode: textInput().trim().max(64, { error: MESSAGES.fieldTooLong }).optional(),
  AcceptAge18: z.literal(true, { error: MESSAGES.mustBeAdult }),
  AcceptTerms: z.literal(true, { error: MESSAGES.mustAcceptTerms }),
};

export const RegisterBodySchema = z.object(registerFields);
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

// The register form (react-hook-form + zodResolver): the body plus the confirmation. The check
// runs even while other fields are invalid, so the mismatch shows together with the other errors.
export const RegisterFormSchema = z
  .object({ ...registerFields, confirmPassword: textInput({ error: MESSAGES.passwordsMustMatch }) })
  .refine((form) => form.Password === form.confirmPassword, {
    message: MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
    when: (payload) => {
      const value = payload.value as { Password?: unknown; confirmPassword?: unknown };
      return typeof value.Password === 'string' && typeof value.confirmPassword === 'string';
    },
  });
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

// `Username` takes a username or an email. No format rules: a failed login only ever says
// 'Invalid username or password'.
export const LoginBodySchema = z.object({
  Username: textInput({ error: MESSAGES.loginUsernameRequired })
    .trim()
    .min(1, { error: MESSAGES.loginUsernameRequired, abort: true })
    .max(254, { error: MESSAGES.invalidCredentials }),
  Password: textInput({ error: MESSAGES.loginPasswordRequired })
    .min(1, { error: MESSAGES.loginPasswordRequired, abort: true })
    .max(PASSWORD_MAX, { error: MESSAGES.invalidCredentials }),
  RecaptchaToken: RecaptchaTokenSchema,
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const LoginResponseSchema = z.object({
  Tokens: z.object({ access_token: z.string(), refresh_token: z.string() }),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const RefreshBodySchema = z.object({
  RefreshToken: textInput({ error: MESSAGES.unauthorized }).min(1, { error: MESSAGES.unauthorized }).max(512),
});
export type RefreshBody = z.infer<typeof RefreshBodySchema>;

export const RefreshResponseSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type RefreshResponse = z.infer<typeof RefreshResponseSchema>;

export const ForgotPasswordBodySchema = z.object({ Email: EmailSchema });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

const CodeSchema = (message: string) =>
  textInput({ error: message }).trim().min(1, { error: message }).max(256, { error: message });

export const ResetPasswordBodySchema = z.object({
  NewPassword: NewPasswordSchema,
  Code: CodeSchema(MESSAGES.resetCodeInvalid),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const VerifyEmailBodySchema = z.object({ code: CodeSchema(MESSAGES.verifyCodeInvalid) });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBodySchema>;

// POST /users/resend-verification: the same answer whether or not the address has an account.
export const ResendVerificationBodySchema = z.object({ Email: EmailSchema });
export type ResendVerificationBody = z.infer<typeof ResendVerificationBodySchema>;

// Changing language moves to another subdomain (another origin, another localStorage): the signed-in
// page asks for a one-time code, the target page redeems it for a session of its own.
export const SessionHandoffResponseSchema = z.object({
  code: z.string(),
  expiresInSeconds: z.number().int(),
});
export type SessionHandoffResponse = z.infer<typeof SessionHandoffResponseSchema>;
export const RedeemHandoffBodySchema = z.object({ code: CodeSchema(MESSAGES.handoffInvalid) });
export type RedeemHandoffBody = z.infer<typeof RedeemHandoffBodySchema>;

export const UserProfileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  memberSince: z.iso.datetime({ offset: true }),
  // Credits with 2 decimals.
  creditBalance: z.number().nonnegative(),
  profileImage: z.string().nullable(),
  emailVerified: z.boolean(),
  roles: z.array(RoleSchema),
  oddsFormat: z.enum(ODDS_FORMATS),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

export const ProfileResponseSchema = z.object({ data: UserProfileSchema });
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

export const ProfileUpdateBodySchema = z.object({
  firstName: requiredString(MESSAGES.firstNameRequired),
  lastName: requiredString(MESSAGES.lastNameRequired),
  username: UsernameSchema,
  email: EmailSchema,
  phone: PhoneSchema,
  country: requiredString(MESSAGES.countryRequired),
  currentPassword: CurrentPasswordSchema,
});
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBodySchema>;

export const ProfileUpdateResponseSchema = z.object({
  data: z.object({
    username: z.string(),
    profileImage: z.string().nullable(),
    creditBalance: z.number().nonnegative(),
  }),
});
export type ProfileUpdateResponse = z.infer<typeof ProfileUpdateResponseSchema>;

export const ChangePasswordBodySchema = z.object({
  newPassword: NewPasswordSchema,
  currentPassword: CurrentPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

// A password change ends every session, the caller's included, and hands the caller a fresh pair
// (same shape as the login's `Tokens`) so the tab that changed it stays signed in.
export const ChangePasswordResponseSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  Tokens: LoginResponseSchema.shape.Tokens,
});
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponseSchema>;

export const ProfileImageResponseSchema = z.object({ data: z.object({ profileImage: z.string() }) });
export type ProfileImageResponse = z.infer<typeof ProfileImageResponseSchema>;

// The contact page's "simple address pattern" (SPEC §5): something@something.tld, no spaces.
export function isSimpleEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

export const ContactBodySchema = z.object({
  email: textInput({ error: MESSAGES.emailRequired })
    .trim()
    .min(1, { error: MESSAGES.emailRequired, abort: true })
    .max(254, { error: MESSAGES.fieldTooLong })
    .refine(isSimpleEmail, { message: MESSAGES.emailInvalid }),
  message: requiredString(MESSAGES.contactMessageRequired, 5000),
  name: requiredString(MESSAGES.contactNameRequired, 100),
  subject: requiredString(MESSAGES.contactSubjectRequired, 200),
});
export type ContactBody = z.infer<typeof ContactBodySchema>;
