import { type QueryClient, useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse, RegisterBody } from '@tips/contract/users.schemas';
import { apiClient } from '../../../lib/api-client';
import { setTokens } from '../../../lib/auth-tokens';
import { fetchProfile, PROFILE_QUERY_KEY } from '../../../lib/user-profile';

/** SPEC §4 Login: store the tokens, then fetch and store the profile. */
export async function logIn(body: LoginBody, queryClient: QueryClient): Promise<void> {
  const response = await apiClient.post<LoginResponse>('/users/login', body);
  const { access_token, refresh_token } = response.data.Tokens;
  // Whatever was cached belonged to the previous visitor or account.
  queryClient.clear();
  setTokens({ accessToken: access_token, refreshToken: refresh_token });
  const profile = await fetchProfile();
  queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
}

export async function register(body: RegisterBody): Promise<void> {
  await apiClient.post('/users/register', body);
}

export async function requestPasswordReset(email: string): Promise<void> {
  await apiClient.post('/users/forgot-password', { Email: email });
}

export async function resetPassword(code: string, newPassword: string): Promise<void> {
  await apiClient.post('/users/reset-password', { NewPassword: newPassword, Code: code });
}

export async function verifyEmail(code: string): Promise<void> {
  await apiClient.post('/users/email', { code });
}

/** POST /users/resend-verification: the same answer whether or not the address has an account. */
export async function resendVerification(email: string): Promise<string | undefined> {
  const response = await apiClient.post<{ message?: string }>('/users/resend-verification', { Email: email });
  return response.data.message;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ code, newPassword }: { code: string; newPassword: string }) =>
      resetPassword(code, newPassword),
  });
}
