import { formatAiPlanChoices, parseAiPlanChoices } from '@tips/contract/rules';
import { planChoicesOf, useCartStore } from '../stores/cart-store';
import { CONSENT_SERVICES, type ConsentChoices, useConsentStore } from '../stores/consent-store';
import { hasAccessToken, setTokens } from './auth-tokens';

// Each language lives on its own subdomain: another origin, so another localStorage, and the
// tokens and cart of this one are not there. The page we leave puts what the next one needs in the
// URL's fragment — the cart's tip ids (public) and, for a signed-in user, a one-time code from
// POST /api/users/handoff (single use, 60 s, bound to the user). A fragment is never sent to a
// server nor put in a Referer; the target page removes it before anything else reads the URL and
// redeems the code for a session of its own. No token ever travels in a URL. The visitor's answer
// to the consent prompt travels too (issue #30.7): the new subdomain does not ask again.

const CODE_PARAM = 'handoff';
const CART_PARAM = 'cart';
const PLANS_PARAM = 'plans';
const CONSENT_PARAM = 'consent';

/** "paypal,recaptcha": the services allowed; an empty value means essential only. */
function consentValue(choices: ConsentChoices): string {
  return CONSENT_SERVICES.filter((service) => choices[service]).join(',');
}

/** Adds the hand-off fragment to `target` (the same page on the other language's subdomain). */
export async function withLanguageHandoff(target: string): Promise<string> {
  const url = new URL(target);
  const params = new URLSearchParams();
  const { tipIds: cart, plans } = useCartStore.getState();
  if (cart.length > 0) params.set(CART_PARAM, cart.join(','));
  const choices = planChoicesOf(plans, cart);
  if (choices.length > 0) params.set(PLANS_PARAM, formatAiPlanChoices(choices));
  const consent = useConsentStore.getState();
  if (consent.hasDecided) params.set(CONSENT_PARAM, consentValue(consent.choices));
  if (hasAccessToken()) {
    try {
      // Through the API client: an expired access token is refreshed first.
      const { apiClient } = await import('./api-client');
      const response = await apiClient.post<{ code: string }>('/users/handoff');
      params.set(CODE_PARAM, response.data.code);
    } catch {
      // The language still changes; the user signs in again there.
    }
  }
  url.hash = params.size > 0 ? params.toString() : '';
  return url.toString();
}

function takeHandoffFragment(): URLSearchParams | null {
  const hash = window.location.hash.slice(1);
  if (![CODE_PARAM, CART_PARAM, CONSENT_PARAM].some((param) => hash.includes(`${param}=`))) return null;
  const params = new URLSearchParams(hash);
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  return params;
}

/**
 * Run once at start-up, before the router reads the address: takes the hand-off out of it and
 * merges the cart at once; returns a promise when a code must be redeemed (the router waits for it,
 * so a signed-in page is not sent to /login first), null when there is nothing to wait for.
 */
export function receiveLanguageHandoff(): Promise<void> | null {
  const params = takeHandoffFragment();
  if (!params) return null;
  const consent = params.get(CONSENT_PARAM);
  // An answer already given on this subdomain stands; otherwise the one given on the last.
  if (consent !== null && !useConsentStore.getState().hasDecided) {
    const allowed = consent.split(',');
    useConsentStore.getState().save({
      paypal: allowed.includes('paypal'),
      livescores: allowed.includes('livescores'),
      recaptcha: allowed.includes('recaptcha'),
    });
  }
  const cart = (params.get(CART_PARAM) ?? '')
    .split(',')
    .filter((id) => id !== '')
    .map(Number);
  if (cart.length > 0) {
    const { tipIds, setTipIds } = useCartStore.getState();
    const choices = parseAiPlanChoices((params.get(PLANS_PARAM) ?? '').split(','));
    setTipIds([...tipIds, ...cart], Object.fromEntries(choices));
  }
  const code = params.get(CODE_PARAM);
  if (!code || hasAccessToken()) return null;
  return redeemHandoff(code);
}

/** Never throws: on any failure the user is simply signed out here, as before. */
async function redeemHandoff(code: string): Promise<void> {
  try {
    const response = await fetch('/api/users/handoff/redeem', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ code }),
    });
    if (!response.ok) return;
    const { Tokens } = (await response.json()) as {
      Tokens: { access_token: string; refresh_token: string };
    };
    setTokens({ accessToken: Tokens.access_token, refreshToken: Tokens.refresh_token });
    const { fetchProfile } = await import('./user-profile');
    await fetchProfile();
  } catch {
    // Signed out on this subdomain, as before; the login page is one click away.
  }
}
