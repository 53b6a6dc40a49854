import { lazy, Suspense } from 'react';
import { useIsSignedIn } from '../../lib/auth-tokens';
import { useLanguageModal } from './language-switch';

// Shell parts that only some visitors need load on demand, keeping the landing route light.
const LanguageModal = lazy(() =>
  import('./language-modal').then((module) => ({ default: module.LanguageModal })),
);
const MemberActions = lazy(() =>
  import('./member-actions').then((module) => ({ default: module.MemberActions })),
);

export function LanguageModalHost() {
  const isOpen = useLanguageModal((state) => state.isOpen);
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <LanguageModal />
    </Suspense>
  );
}

/** Balance and account menu for signed-in users; visitors never download them. */
export function MemberActionsSlot() {
  const isSignedIn = useIsSignedIn();
  if (!isSignedIn) return null;
  return (
    // Same footprint as the avatar button, so the header does not shift when it arrives.
    <Suspense fallback={<span className="inline-block h-11 w-14" aria-hidden="true" />}>
      <MemberActions />
    </Suspense>
  );
}
