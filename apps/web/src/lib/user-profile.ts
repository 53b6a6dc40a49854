import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@tips/contract/users.schemas';
import { useOddsFormatStore } from '../stores/odds-format-store';
import { useUserProfileStore } from '../stores/user-profile-store';
import { apiClient } from './api-client';
import { useIsSignedIn } from './auth-tokens';

export type { UserProfile };

export const PROFILE_QUERY_KEY = ['users', 'profile'] as const;

/** Keeps the client-stored copy (SPEC §3 `userProfile`: the header's name, avatar and balance) in step. */
export function storeProfile(
  profile: Pick<UserProfile, 'username' | 'creditBalance' | 'profileImage'>,
): void {
  useUserProfileStore.getState().setProfile({
    username: profile.username,
    balance: profile.creditBalance,
    profileImage: profile.profileImage,
  });
}

/** GET /users/profile; every fetch refreshes the stored copy too. */
export async function fetchProfile(): Promise<UserProfile> {
  const response = await apiClient.get<{ data: UserProfile }>('/users/profile');
  storeProfile(response.data.data);
  // The profile's odds format wins over the one this browser kept as a visitor.
  if (response.data.data.oddsFormat) useOddsFormatStore.getState().setFormat(response.data.data.oddsFormat);
  return response.data.data;
}

export const profileQuery = queryOptions({ queryKey: PROFILE_QUERY_KEY, queryFn: fetchProfile });

/** The signed-in user's profile; idle for visitors. */
export function useProfile() {
  const isSignedIn = useIsSignedIn();
  return useQuery({ ...profileQuery, enabled: isSignedIn });
}
