import type { FastifyInstance } from 'fastify';
import { createNetworkLimits } from '../limits/index.ts';
import { createAuthService } from './auth.service.ts';
import { createEmailVerificationService } from './email-verification.service.ts';
import { createDeviceCookies } from './device-cookie.ts';
import { createLoginThrottle, defaultLoginThrottleOptions } from './login-throttle.ts';
import type { LoginThrottleOptions } from './login-throttle.ts';
import { createOAuthService } from './oauth.service.ts';
import { createOneTimeCodes } from './one-time-codes.ts';
import { createPasswordHasher } from './password-hasher.ts';
import { createPasswordService } from './password.service.ts';
import { securityEventRecorder } from './security-event-recorder.ts';
import { createSecurityEventsService } from './security-events.service.ts';
import { createSessionIssuer } from './session-issuer.ts';
import { createSessionsService } from './sessions.service.ts';
import { failedAuthOf } from '../limits/index.ts';

/** Every auth service, wired once per app. */
export function createAuthServices(app: FastifyInstance, loginThrottle: Partial<LoginThrottleOptions> = {}) {
  const { config, db, clock, mailer, backgroundTasks } = app;
  const hasher = createPasswordHasher({ isCheap: config.nodeEnv === 'test' });
  const record = securityEventRecorder(db);
  const sessions = createSessionIssuer({ db, jwtSecret: config.jwtSecret, clock });
  const codes = createOneTimeCodes({ db, secret: config.jwtSecret, clock, limits: config.clientLimits });
  const verification = createEmailVerificationService({ db, codes, mailer, record, clock, limits: config.clientLimits });
  return {
    auth: createAuthService({
      db,
      hasher,
      sessions,
      record,
      clock,
      network: createNetworkLimits({ db, limits: config.clientLimits, clock }),
      failedAuth: failedAuthOf(app),
      throttle: createLoginThrottle({ db, clock }, { ...defaultLoginThrottleOptions, ...loginThrottle }),
      devices: createDeviceCookies(config.jwtSecret),
      sendVerificationCode: async (user) => {
        await verification.sendCode(user);
      },
    }),
    verification,
    password: createPasswordService({ db, hasher, codes, mailer, sessions, record, tasks: backgroundTasks, clock }),
    sessions: createSessionsService({ db, record }),
    oauth: createOAuthService({ db, sessions, mailer, record, clock }),
    securityEvents: createSecurityEventsService({ db }),
  };
}

export type AuthServices = ReturnType<typeof createAuthServices>;
