import { useMutation } from '@tanstack/react-query';
import { isSimpleEmail } from '@tips/contract/users.schemas';
import { apiClient } from '../../../lib/api-client';

/** SPEC §3 contact message. */
export interface ContactMessage {
  email: string;
  message: string;
  name: string;
  subject: string;
}

export function trimMessage(values: ContactMessage): ContactMessage {
  return {
    email: values.email.trim(),
    message: values.message.trim(),
    name: values.name.trim(),
    subject: values.subject.trim(),
  };
}

/**
 * SPEC §5: sent only when the email matches the simple address pattern (the API also needs the
 * other fields, so empty ones are not sent either).
 */
export function canSendContact(values: ContactMessage): boolean {
  const trimmed = trimMessage(values);
  return isSimpleEmail(trimmed.email) && Boolean(trimmed.message && trimmed.name && trimmed.subject);
}

export async function sendContactMessage(values: ContactMessage): Promise<void> {
  await apiClient.post('/users/contact', trimMessage(values));
}

export function useSendContactMessage(onSent: () => void) {
  return useMutation({ mutationFn: sendContactMessage, onSuccess: onSent });
}
