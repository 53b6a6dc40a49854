import { TodayAiTipsPage } from '../../features/tips/components/today-ai-tips-page';

export function Component() {
  return <TodayAiTipsPage />;
}
