import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_KEYS } from './admin-keys';

/** POST /api/admin/fixtures/import's answer (the API's FixtureImportResultSchema). */
export interface FixtureImportResult {
  file: string;
  competition: string;
  season: string;
  added: number;
  updated: number;
  unchanged: number;
  skipped: Array<{
    match: { index: number; homeTeam: string | null; awayTeam: string | null };
    reason: string;
  }>;
}

/** Uploads one openfootball JSON file (multipart field `file`). */
export async function importFixtures(file: File): Promise<FixtureImportResult> {
  const form = new FormData();
  form.append('file', file);
  return (await apiClient.post<FixtureImportResult>('/admin/fixtures/import', form)).data;
}

export function useImportFixtures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importFixtures,
    // Results may settle tips and the import is audited.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.settlement }),
        queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.audit }),
      ]),
  });
}
