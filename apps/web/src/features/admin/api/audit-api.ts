import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@tips/contract/admin-audit.schemas';
import { apiClient } from '../../../lib/api-client';
import { ADMIN_KEYS } from './admin-keys';

export const AUDIT_PAGE_SIZE = 25;

export function useAuditLog(action: string, pageNumber: number) {
  return useQuery({
    queryKey: [...ADMIN_KEYS.audit, action, pageNumber],
    queryFn: async () =>
      (
        await apiClient.get<AuditPage>('/admin/audit', {
          params: { action: action || undefined, pageNumber, pageSize: AUDIT_PAGE_SIZE },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}
