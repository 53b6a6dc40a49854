import { LivescoresPage } from '../../features/livescores/components/livescores-page';

export function Component() {
  return <LivescoresPage />;
}
