import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  AiSubscriptionsResponse,
  FollowingTipsResponse,
  RunningTipsResponse,
  TipHistoryPage,
} from '@tips/contract/tips.schemas';
import type {
  TipsterApplication,
  TipsterApplicationInput,
} from '@tips/contract/tipster-applications.schemas';
import type { FollowedTipstersResponse } from '@tips/contract/tipsters.schemas';
import type {
  ChangePasswordBody,
  ChangePasswordResponse,
  ProfileImageResponse,
  ProfileUpdateBody,
  ProfileUpdateResponse,
} from '@tips/contract/users.schemas';
import { apiClient } from '../../../lib/api-client';
import { getRefreshToken, setTokens, type TokenPair, useIsSignedIn } from '../../../lib/auth-tokens';

export const HISTORY_PAGE_SIZE = 5;

// The lists below need a session. `enabled` follows the token so that a logout (tokens removed, cache
// cleared while the page is still mounted) does not refetch them without one and collect 401s.

// Keys shared with whatever else changes these lists (purchases invalidate every query but the config).
export const DASHBOARD_KEYS = {
  followedTipsters: ['tipsters', 'following'],
  followingTips: ['tips', 'following'],
  running: ['tips', 'running'],
  aiPlans: ['tips', 'ai', 'subscriptions'],
  history: (page: number) => ['tips', 'history', page],
} as const;

export function useFollowedTipsters() {
  const isSignedIn = useIsSignedIn();
  return useQuery({
    enabled: isSignedIn,
    queryKey: DASHBOARD_KEYS.followedTipsters,
    queryFn: async () => (await apiClient.get<FollowedTipstersResponse>('/tipsters/following')).data.data,
  });
}

export function useFollowingTips() {
  const isSignedIn = useIsSignedIn();
  return useQuery({
    enabled: isSignedIn,
    queryKey: DASHBOARD_KEYS.followingTips,
    queryFn: async () => (await apiClient.get<FollowingTipsResponse>('/tips/following')).data.data,
  });
}

export function useRunningTips() {
  const isSignedIn = useIsSignedIn();
  return useQuery({
    enabled: isSignedIn,
    queryKey: DASHBOARD_KEYS.running,
    queryFn: async () => (await apiClient.get<RunningTipsResponse>('/tips/running')).data.data,
  });
}

/** The member's AI plans, each with its picks delivered of all (issue #30.4). */
export function useAiSubscriptions() {
  const isSignedIn = useIsSignedIn();
  return useQuery({
    enabled: isSignedIn,
    queryKey: DASHBOARD_KEYS.aiPlans,
    queryFn: async () => (await apiClient.get<AiSubscriptionsResponse>('/tips/ai/subscriptions')).data.data,
  });
}

export function useTipHistory(page: number) {
  const isSignedIn = useIsSignedIn();
  return useQuery({
    enabled: isSignedIn,
    queryKey: DASHBOARD_KEYS.history(page),
    queryFn: async () =>
      (
        await apiClient.get<TipHistoryPage>('/tips/history', {
          params: { pageNumber: page, pageSize: HISTORY_PAGE_SIZE },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** Returns the new image's URL. */
export async function uploadProfileImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const response = await apiClient.post<ProfileImageResponse>('/users/profile/image', body);
  return response.data.data.profileImage;
}

export async function updateProfile(body: ProfileUpdateBody): Promise<ProfileUpdateResponse['data']> {
  return (await apiClient.put<ProfileUpdateResponse>('/users/profile', body)).data.data;
}

/** The server ends every session on a password change and hands this tab a fresh pair. */
export async function changePassword(body: ChangePasswordBody): Promise<void> {
  const response = await apiClient.put<ChangePasswordResponse>('/users/profile/password', body);
  const { access_token, refresh_token } = response.data.Tokens;
  setTokens({ accessToken: access_token, refreshToken: refresh_token });
}

/** POST of a new profile picture; resolves to its URL. */
export function useUploadProfileImage() {
  return useMutation({ mutationFn: uploadProfileImage });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

/**
 * Becoming a tipster (issue #28): the API makes the caller a Novice tipster at once. The session's
 * token is then renewed so it carries the tipster role (the header's portal link reads it); the API
 * itself checks roles on every request, so a failed renewal only delays the link.
 */
export function useApplyAsTipster() {
  return useMutation({
    mutationFn: async (body: TipsterApplicationInput) => {
      const response = await apiClient.post<{ data: TipsterApplication }>('/tipster-applications', body);
      const refreshToken = getRefreshToken();
      if (refreshToken) {
        try {
          const renewed = await apiClient.post<TokenPair>(
            '/users/refresh',
            { RefreshToken: refreshToken },
            { isSessionRefresh: true },
          );
          setTokens({ accessToken: renewed.data.accessToken, refreshToken: renewed.data.refreshToken });
        } catch {
          // The portal link shown after success still works: the role is checked per request.
        }
      }
      return response.data.data;
    },
  });
}
