import { MESSAGES } from '@tips/contract/rules';
import { ProfileUpdateBodySchema } from '@tips/contract/users.schemas';
import type { z } from 'zod';
import type { UserProfile } from '../../lib/user-profile';

// The form view checks what the API checks; the current password is asked for in the next view.
export const ProfileFormSchema = ProfileUpdateBodySchema.omit({ currentPassword: true });
export type ProfileFormValues = z.infer<typeof ProfileFormSchema>;

export function profileFormValues(profile: UserProfile): ProfileFormValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    username: profile.username,
    email: profile.email,
    phone: profile.phone,
    country: profile.country,
  };
}

export type ProfileField = keyof ProfileFormValues | 'currentPassword';

const FIELD_OF_MESSAGE: Record<string, ProfileField> = {
  [MESSAGES.usernameTaken]: 'username',
  [MESSAGES.usernameInvalid]: 'username',
  [MESSAGES.emailTaken]: 'email',
  [MESSAGES.emailInvalid]: 'email',
  [MESSAGES.phoneTooShort]: 'phone',
  [MESSAGES.phoneInvalid]: 'phone',
  [MESSAGES.currentPasswordWrong]: 'currentPassword',
  [MESSAGES.currentPasswordRequired]: 'currentPassword',
};

/** Which field a server message of a failed save belongs to, if any. */
export function profileFieldOf(message: string): ProfileField | null {
  return FIELD_OF_MESSAGE[message] ?? null;
}
