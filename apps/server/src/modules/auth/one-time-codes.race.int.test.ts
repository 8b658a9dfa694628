import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { VALID_PASSWORD, bearer, registerUser, uniqueEmail } from '../../test/http-helpers.ts';
import { latestCode } from '../../test/mail-helpers.ts';

// An attacker sends one parallel batch of guesses with the right code well behind the first five:
// the 5-try limit must hold, so the right code arrives too late and is refused as well.
const GUESSES = 200;
const RIGHT_CODE_AT = 120;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });

/** 200 wrong codes with the right one at RIGHT_CODE_AT, all at once. */
function guessesAround(rightCode: string): string[] {
  const wrong = (index: number) => String((Number(rightCode) + 1 + index) % 1_000_000).padStart(6, '0');
  const codes = Array.from({ length: GUESSES }, (_, index) => wrong(index));
  codes.splice(RIGHT_CODE_AT, 0, rightCode);
  return codes;
}

function judge(responses: { statusCode: number; json(): { message: string } }[], rightIndex: number) {
  const messages = responses.map((response) => response.json().message);
  return {
    accepted: responses.filter((response) => response.statusCode === 200).length,
    judged: messages.filter((message) => /^Invalid or expired code\. (\d attempts? left|No attempts left)/.test(message)).length,
    exhausted: messages.filter((message) => message === 'Too many wrong attempts. Please request a new code.').length,
    rightAnswer: { status: responses[rightIndex]!.statusCode, message: messages[rightIndex] },
  };
}

describe('one-time codes under a parallel guessing attack', () => {
  it('the password reset code: at most 5 guesses are judged, the right code is refused, the password is unchanged', async () => {
    const email = uniqueEmail('victim');
    await registerUser(t.app, { email });
    expect((await post('/auth/request-password-reset', { email })).statusCode).toBe(200);
    const code = await latestCode(t.app, email, 'password_reset');

    const guesses = guessesAround(code);
    const responses = await Promise.all(
      guesses.map((guess) => post('/auth/reset-password-with-otp', { email, code: guess, newPassword: 'attacker-owns-it-1' })),
    );
    const outcome = judge(responses, RIGHT_CODE_AT);
    expect(outcome.accepted).toBe(0);
    expect(outcome.judged).toBe(5);
    expect(outcome.exhausted).toBe(guesses.length - 5);
    expect(outcome.rightAnswer).toEqual({ status: 400, message: 'Too many wrong attempts. Please request a new code.' });

    expect((await post('/auth/login', { email, password: 'attacker-owns-it-1' })).statusCode).toBe(401);
    expect((await post('/auth/login', { email, password: VALID_PASSWORD })).statusCode).toBe(200);
  });

  it('the reset code check (without spending it) holds the same limit', async () => {
    const email = uniqueEmail('probe');
    await registerUser(t.app, { email });
    await post('/auth/request-password-reset', { email });
    const code = await latestCode(t.app, email, 'password_reset');
    const responses = await Promise.all(
      guessesAround(code).map((guess) => post('/auth/verify-password-reset-otp', { email, code: guess })),
    );
    const outcome = judge(responses, RIGHT_CODE_AT);
    expect(outcome.accepted).toBe(0);
    expect(outcome.judged).toBe(5);
    expect(outcome.rightAnswer.status).toBe(400);
  });

  for (const run of [1, 2, 3]) {
    it(`the e-mail verification code (run ${run}): at most 5 guesses are judged and the address stays unverified`, async () => {
      const email = uniqueEmail(`verify${run}`);
      const { accessToken } = await registerUser(t.app, { email });
      const code = await latestCode(t.app, email, 'email_verification');
      const responses = await Promise.all(
        guessesAround(code).map((guess) => post('/auth/verify-email-otp', { code: guess }, bearer(accessToken))),
      );
      const outcome = judge(responses, RIGHT_CODE_AT);
      expect(outcome.accepted).toBe(0);
      expect(outcome.judged).toBe(5);
      expect(outcome.rightAnswer.status).toBe(400);
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: bearer(accessToken) });
      expect(me.json().data.emailVerified).toBe(false);
    });
  }

  it('the right code sent after four wrong ones, one at a time, still works and is spent once', async () => {
    const email = uniqueEmail('honest');
    const { accessToken } = await registerUser(t.app, { email });
    const code = await latestCode(t.app, email, 'email_verification');
    for (const guess of guessesAround(code).slice(0, 4)) {
      expect((await post('/auth/verify-email-otp', { code: guess }, bearer(accessToken))).statusCode).toBe(400);
    }
    const right = await post('/auth/verify-email-otp', { code }, bearer(accessToken));
    expect(right.statusCode).toBe(200);
    expect(right.json().data.emailVerified).toBe(true);
  });
});
