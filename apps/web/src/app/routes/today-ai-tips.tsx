import { AiTipsPage } from '../../features/ai-tips/components/ai-tips-page';

export function Component() {
  return <AiTipsPage />;
}
