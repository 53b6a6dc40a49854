import {
  PayPalButtons,
  type PayPalButtonsComponentProps,
  PayPalScriptProvider,
  type ReactPayPalScriptOptions,
  type SCRIPT_LOADING_STATE,
  usePayPalScriptReducer,
} from '@paypal/react-paypal-js';
import { FALLBACK_LANGUAGE, type Language, MESSAGES } from '@tips/contract/rules';
import { Component, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../../lib/api-messages';
import { siteLanguageOf } from '../../lib/language';
import { type PublicConfig, usePublicConfig } from '../../lib/public-config';
import { ConsentGate } from '../consent/consent-gate';
import { Skeleton } from '../ui/skeleton';

/** SPEC §3: the payment script loader's states. */
export type ScriptState = `${SCRIPT_LOADING_STATE}`;

// SPEC §9: gold, pill-shaped, 33 px high, horizontal, labelled pay.
export const PAYPAL_BUTTON_STYLE = {
  layout: 'horizontal',
  color: 'gold',
  shape: 'pill',
  label: 'pay',
  height: 33,
  tagline: false,
} as const satisfies PayPalButtonsComponentProps['style'];

// #21.5: the button speaks the page's language. PayPal's own locale codes (developer.paypal.com
// reference/locale-codes); languages PayPal has no button text for fall back to its default.
const PAYPAL_LOCALES: Partial<Record<Language, string>> = {
  en: 'en_US',
  de: 'de_DE',
  'ar-ae': 'ar_EG',
  fr: 'fr_FR',
  es: 'es_ES',
  it: 'it_IT',
  pt: 'pt_PT',
  ru: 'ru_RU',
  tr: 'tr_TR',
  cn: 'zh_CN',
  jp: 'ja_JP',
  kr: 'ko_KR',
  id: 'id_ID',
  th: 'th_TH',
  il: 'he_IL',
};

export function paypalScriptOptions(
  config: PublicConfig,
  language: Language = FALLBACK_LANGUAGE,
): ReactPayPalScriptOptions {
  const locale = PAYPAL_LOCALES[language];
  return {
    clientId: config.paypalClientId,
    currency: 'USD',
    intent: 'capture',
    components: 'buttons',
    ...(locale ? { locale } : {}),
    // PayPal's SDK, or this server's stand-in in sandbox-local mode (ARCHITECTURE, Payments).
    sdkBaseUrl: config.paypalSdkUrl,
  };
}

// Several pay buttons often mount together (a list of tip cards). Each provider would insert its
// own <script> while the first is still loading, so they take turns: once the SDK is on the page,
// every later provider finds it and resolves at once.
let loadChain: Promise<void> = Promise.resolve();

function useScriptTurn(): { hasTurn: boolean; release: () => void } {
  const [hasTurn, setHasTurn] = useState(false);
  const releaseRef = useRef<() => void>(() => {});

  useEffect(() => {
    let isActive = true;
    let release = () => {};
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = loadChain;
    loadChain = previous.then(() => mine);
    releaseRef.current = release;
    void previous.then(() => {
      if (isActive) setHasTurn(true);
    });
    return () => {
      isActive = false;
      release();
    };
  }, []);

  const release = useCallback(() => releaseRef.current(), []);
  return { hasTurn, release };
}

function ButtonPlaceholder({ state }: { state: ScriptState }) {
  return (
    <div data-paypal-state={state} aria-busy="true">
      <Skeleton className="h-[33px] w-full rounded-full" />
    </div>
  );
}

function Unavailable({ state }: { state: ScriptState }) {
  const messageText = useMessageText();
  return (
    <p data-paypal-state={state} role="status" className="text-xs text-ink-muted">
      {messageText(MESSAGES.paymentUnavailable)}
    </p>
  );
}

/** PayPalButtons throws when the SDK it expects is missing; a card must not take the page down with it. */
class ButtonsBoundary extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };
  static getDerivedStateFromError() {
    return { hasFailed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(MESSAGES.paypalScriptFailed, error);
  }
  override render() {
    return this.state.hasFailed ? <Unavailable state="rejected" /> : this.props.children;
  }
}

type ButtonsProps = Pick<
  PayPalButtonsComponentProps,
  'createOrder' | 'onApprove' | 'onError' | 'onCancel' | 'disabled' | 'forceReRender'
>;

function ButtonsWhenLoaded({ onSettled, ...buttons }: ButtonsProps & { onSettled: () => void }) {
  const [{ isPending, isRejected, isResolved, isInitial }] = usePayPalScriptReducer();

  useEffect(() => {
    if (isResolved || isRejected) onSettled();
  }, [isResolved, isRejected, onSettled]);

  // The provider already logged 'Failed to load the PayPal JS SDK script.' (SPEC §8).
  if (isRejected) return <Unavailable state="rejected" />;
  if (isPending || isInitial) return <ButtonPlaceholder state={isPending ? 'pending' : 'initial'} />;
  return (
    <div data-paypal-state="resolved" className="min-h-[33px]">
      <ButtonsBoundary>
        <PayPalButtons style={PAYPAL_BUTTON_STYLE} {...buttons} />
      </ButtonsBoundary>
    </div>
  );
}

/**
 * The PayPal button with the script loader around it: initial (the deployment's config is not
 * known yet), pending, then resolved (the button) or rejected (a short notice).
 */
function PaypalButtonsLoader(props: ButtonsProps) {
  const config = usePublicConfig();
  const { hasTurn, release } = useScriptTurn();
  const { i18n } = useTranslation();
  // i18next holds the BCP 47 tag (ar-AE, hi …); the PayPal locale table is keyed by site code.
  const language = siteLanguageOf(i18n.resolvedLanguage);
  const options = useMemo(
    () => (config.data ? paypalScriptOptions(config.data, language) : null),
    [config.data, language],
  );

  if (config.isError) return <Unavailable state="rejected" />;
  if (!options || !hasTurn) return <ButtonPlaceholder state="initial" />;
  return (
    <PayPalScriptProvider options={options}>
      <ButtonsWhenLoaded {...props} onSettled={release} />
    </PayPalScriptProvider>
  );
}

/**
 * #22.6: PayPal's SDK is third-party content, so it loads only with the visitor's consent; until
 * then the slot offers "Load PayPal" (consent for PayPal only).
 */
export function PaypalButtonsSlot(props: ButtonsProps) {
  const { t } = useTranslation();
  return (
    <ConsentGate service="paypal" loadLabel={t('consent.loadPaypal')} compact>
      <PaypalButtonsLoader {...props} />
    </ConsentGate>
  );
}
