import { prefetchHomeTips } from '../../features/home/api/home-tips';
import { HomePage } from '../../features/home/components/home-page';

/**
 * Starts both tip sections' requests as soon as the route matches, before the page renders, and
 * without waiting for them: the hero never waits for data.
 */
export function loader() {
  prefetchHomeTips();
  return null;
}

export function Component() {
  return <HomePage />;
}
