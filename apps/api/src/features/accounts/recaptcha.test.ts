import { describe, expect, it, vi } from 'vitest';
import { createHttpRecaptchaVerifier, createRecaptchaVerifier } from './recaptcha';

const log = { warn: vi.fn() };
const options = { secret: 's3cret', verifyUrl: 'http://verify.test/siteverify', minScore: 0.5 };

function fakeFetch(answer: unknown, status = 200) {
  return vi.fn(async () => new Response(JSON.stringify(answer), { status })) as unknown as typeof fetch;
}

describe('createHttpRecaptchaVerifier', () => {
  it('posts secret, token and IP as a form and passes a good answer', async () => {
    const fetchImpl = fakeFetch({ success: true, action: 'login', score: 0.9 });
    const verifier = createHttpRecaptchaVerifier(options, log, fetchImpl);
    expect(await verifier.verify('tok', 'login', '1.2.3.4')).toBe(true);
    const [url, init] = (fetchImpl as unknown as ReturnType<typeof vi.fn>).mock.calls[0];
    expect(url).toBe(options.verifyUrl);
    expect(String(init.body)).toBe('secret=s3cret&response=tok&remoteip=1.2.3.4');
  });

  it('fails the wrong action, a low or missing score, success false, HTTP errors, junk and network errors', async () => {
    const cases: Array<[unknown, number?]> = [
      [{ success: true, action: 'signup', score: 0.9 }],
      [{ success: true, action: 'login', score: 0.49 }],
      [{ success: true, action: 'login' }],
      [{ success: false, action: 'login', score: 0.9 }],
      [{ success: true, action: 'login', score: 0.9 }, 500],
      ['junk'],
    ];
    for (const [answer, status] of cases) {
      const verifier = createHttpRecaptchaVerifier(options, log, fakeFetch(answer, status));
      expect(await verifier.verify('tok', 'login')).toBe(false);
    }
    const down = createHttpRecaptchaVerifier(
      options,
      log,
      vi.fn(async () => {
        throw new Error('ECONNREFUSED');
      }) as unknown as typeof fetch,
    );
    expect(await down.verify('tok', 'login')).toBe(false);
  });

  it('fails without a token, without calling out', async () => {
    const fetchImpl = fakeFetch({ success: true, action: 'login', score: 1 });
    const verifier = createHttpRecaptchaVerifier(options, log, fetchImpl);
    expect(await verifier.verify(undefined, 'login')).toBe(false);
    expect(await verifier.verify('', 'login')).toBe(false);
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});

describe('createRecaptchaVerifier', () => {
  it('is off (passes everything) without a secret', async () => {
    const verifier = createRecaptchaVerifier(
      { enabled: false, siteKey: undefined, secret: undefined, verifyUrl: 'http://x', minScore: 0.5 },
      log,
    );
    expect(verifier.enabled).toBe(false);
    expect(await verifier.verify(undefined, 'signup')).toBe(true);
  });

  it('is on with a secret', () => {
    const verifier = createRecaptchaVerifier(
      { enabled: true, siteKey: 'k', secret: 's', verifyUrl: 'http://x', minScore: 0.5 },
      log,
    );
    expect(verifier.enabled).toBe(true);
  });
});
