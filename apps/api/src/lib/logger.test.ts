import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createLoggerOptions, redactSensitive } from './logger';

function capture(obj: Record<string, unknown>): Record<string, unknown> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  pino(createLoggerOptions('info'), stream).info(obj, 'test');
  return JSON.parse(lines[0]);
}

describe('logger redaction', () => {
  it('hides credentials, codes and selections at any usual depth, and keeps error codes', () => {
    const line = capture({
      req: { headers: { authorization: 'Bearer abc.def.ghi', cookie: 'sid=1' } },
      body: { Username: 'ann', Password: 'hunter2', RecaptchaToken: 'captcha-xyz', code: 'reset-code' },
      tokens: { accessToken: 'acc-secret', refreshToken: 'ref-secret', refresh_token: 'ref2-secret' },
      tips: [{ id: 1, selection: 'Over 2.5' }],
      tip: { deep: { selection: 'Home -1' } },
      err: { message: 'boom', code: 'ECONNREFUSED' },
    });
    const text = JSON.stringify(line);
    for (const secret of [
      'abc.def.ghi',
      'sid=1',
      'hunter2',
      'captcha-xyz',
      'reset-code',
      'Over 2.5',
      'Home -1',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain('-secret');
    expect(line).toMatchObject({ body: { Username: 'ann' }, err: { code: 'ECONNREFUSED' } });
  });
});

describe('redactSensitive', () => {
  it('copies plain objects and arrays, leaves class instances to the serializers', () => {
    const err = Object.assign(new Error('boom'), { code: 'E1' });
    const input = { err, list: [{ token: 't' }, 3], res: { headers: { 'set-cookie': 'sid=2' } } };
    const out = redactSensitive(input) as typeof input;
    expect(out.err).toBe(err);
    expect(out.list).toEqual([{ token: '[redacted]' }, 3]);
    expect(out.res.headers['set-cookie']).toBe('[redacted]');
    expect(input.list[0]).toEqual({ token: 't' });
  });

  it('redacts a request body code in a child logger line and keeps its bindings', () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino(createLoggerOptions('info'), stream).child({ reqId: 'req-1' });
    log.info({ body: { code: '123456', Email: 'a@b.c' } }, 'reset');
    const line = JSON.parse(lines[0]);
    expect(line).toMatchObject({ reqId: 'req-1', body: { code: '[redacted]', Email: 'a@b.c' } });
  });
});
