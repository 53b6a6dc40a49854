import { useQuery } from '@tanstack/react-query';
import type { AiTip } from '@tips/contract/tips.schemas';
import { fetchAiTips, tipKeys } from './tips-api';

/** Today's AI tips, sorted by id ascending (SPEC §2). */
export function sortAiTips(aiTips: readonly AiTip[]): AiTip[] {
  return [...aiTips].sort((a, b) => a.id - b.id);
}

export function useAiTips() {
  return useQuery({
    queryKey: tipKeys.ai,
    queryFn: ({ signal }) => fetchAiTips(signal),
    select: sortAiTips,
  });
}
