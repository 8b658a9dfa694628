import type { AdminSecurityEventList, SecurityEventList, SecurityEventType } from '@lumen/core/users/security-events';
import { totalPagesFor } from '@lumen/core/http/pagination';
import type { Db } from '../../db/database.ts';
import { deviceName } from '../../lib/device-name.ts';
import { findSecurityEventPage } from './security-events.repository.ts';
import type { SecurityEventRow } from './tables.ts';

const providerNames: Record<string, string> = { google: 'Google' };

/** The sentence a person reads in their security activity. */
export function describeSecurityEvent(type: SecurityEventType, detail: Record<string, unknown> | null): string {
  const provider = providerNames[String(detail?.provider ?? '')] ?? null;
  switch (type) {
    case 'sign_in':
      return provider ? `Signed in with ${provider}` : 'Signed in with password';
    case 'sign_in_failed':
      return provider ? `Failed sign-in with ${provider}` : 'Failed sign-in (wrong password)';
    case 'password_changed':
      return detail?.firstPassword ? 'Password set' : 'Password changed';
    case 'password_reset':
      return 'Password reset with an e-mailed code';
    case 'provider_linked':
      return `${provider ?? 'Sign-in provider'} account linked`;
    case 'provider_unlinked':
      return `${provider ?? 'Sign-in provider'} account removed`;
    case 'session_revoked':
      if (detail?.reason === 'refresh_token_reuse') return 'Session ended: a refresh token was used twice';
      if (detail?.reason === 'sign_out_others') return 'Signed out of other sessions';
      if (detail?.reason === 'logout') return 'Signed out';
      return 'Session signed out';
    case 'email_verified':
      return 'E-mail address verified';
    case 'data_exported':
      return 'Personal data downloaded';
    case 'account_deleted':
      return 'Account deleted';
  }
}

function itemOf(row: SecurityEventRow) {
  return {
    id: row.id,
    type: row.type,
    description: describeSecurityEvent(row.type, row.detail ?? null),
    ip: row.ip,
    device: row.userAgent ? deviceName(row.userAgent) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createSecurityEventsService({ db }: { db: Db }) {
  return {
    async listForUser(userId: string, query: { limit: number; page: number }): Promise<SecurityEventList> {
      const { rows, total } = await findSecurityEventPage(db, { ...query, userId });
      return { items: rows.map(itemOf), page: query.page, limit: query.limit, total, totalPages: totalPagesFor(total, query.limit) };
    },
    async listAll(query: {
      userId?: string;
      type?: SecurityEventType;
      search?: string;
      from?: string;
      to?: string;
      limit: number;
      page: number;
    }): Promise<AdminSecurityEventList> {
      const { rows, total } = await findSecurityEventPage(db, query);
      return {
        items: rows.map((row) => ({ ...itemOf(row), userId: row.userId, userEmail: row.userEmail })),
        page: query.page,
        limit: query.limit,
        total,
        totalPages: totalPagesFor(total, query.limit),
      };
    },
  };
}
