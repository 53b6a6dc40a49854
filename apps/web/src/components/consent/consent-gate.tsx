import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConsentService, useConsent, useConsentStore } from '../../stores/consent-store';
import { Button } from '../ui/button';

/**
 * Third-party content behind a click (issue #22.6): without consent for `service` the slot shows
 * why and a button; clicking it is consent for that service only, and the content loads.
 */
export function ConsentGate({
  service,
  loadLabel,
  compact = false,
  children,
}: {
  service: ConsentService;
  loadLabel: string;
  /** A pay button's slot (33 px high): the note shrinks to one line. */
  compact?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const isAllowed = useConsent(service);
  const allow = useConsentStore((state) => state.allow);
  if (isAllowed) return children;

  if (compact) {
    return (
      <div data-consent-gate={service} className="flex flex-col gap-1">
        <Button size="sm" variant="secondary" className="w-full" onClick={() => allow(service)}>
          {loadLabel}
        </Button>
        <p className="text-center text-[11px] leading-tight text-ink-subtle">
          {t(`consent.gate.${service}`)}
        </p>
      </div>
    );
  }
  return (
    <div
      data-consent-gate={service}
      className="flex min-h-[40dvh] flex-col items-center justify-center gap-4 rounded-card border border-dashed border-line-strong p-8 text-center"
    >
      <p className="max-w-md text-sm text-ink-muted">{t(`consent.gate.${service}`)}</p>
      <Button onClick={() => allow(service)}>{loadLabel}</Button>
    </div>
  );
}
