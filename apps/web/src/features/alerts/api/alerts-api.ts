import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertSettingsResponse, UnsubscribeResponse } from '@tips/contract/alerts.schemas';
import type { AlertMode } from '@tips/contract/rules';
import { apiClient } from '../../../lib/api-client';
import { useIsSignedIn } from '../../../lib/auth-tokens';

const SETTINGS_KEY = ['alerts', 'settings'] as const;

export function useAlertSettings() {
  const isSignedIn = useIsSignedIn();
  return useQuery({
    enabled: isSignedIn,
    queryKey: SETTINGS_KEY,
    queryFn: async () => (await apiClient.get<AlertSettingsResponse>('/alerts/settings')).data,
  });
}

/** `tipsterId` null sets the default for every tipster; mode null puts a tipster back on it. */
export function useSaveAlertMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ tipsterId, mode }: { tipsterId: number | null; mode: AlertMode | null }) => {
      const url = tipsterId === null ? '/alerts/settings' : `/alerts/settings/tipsters/${tipsterId}`;
      return (await apiClient.put<AlertSettingsResponse>(url, { mode })).data;
    },
    onSuccess: (settings) => queryClient.setQueryData(SETTINGS_KEY, settings),
  });
}

/** The signed link's one click; no session needed. */
export async function unsubscribe(token: string): Promise<UnsubscribeResponse> {
  return (await apiClient.post<UnsubscribeResponse>('/alerts/unsubscribe', undefined, { params: { token } }))
    .data;
}
