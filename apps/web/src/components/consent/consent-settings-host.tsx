import { lazy, Suspense } from 'react';
import { useConsentStore } from '../../stores/consent-store';

// Opened by few visitors: loaded on demand, so the settings cost the landing page nothing.
const ConsentSettingsDialog = lazy(() =>
  import('./consent-settings-dialog').then((module) => ({ default: module.ConsentSettingsDialog })),
);

/** Mounts the "Cookie & content settings" dialog while it is open (footer link, banner's Choose). */
export function ConsentSettingsHost() {
  const isOpen = useConsentStore((state) => state.isSettingsOpen);
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <ConsentSettingsDialog />
    </Suspense>
  );
}
