import type { AdminServiceCost } from '@lumen/core/admin/schemas';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import { findServiceCostForUpdate, listServiceCosts, updateServiceCost } from './catalogue.repository.ts';
import { serviceNameOf } from './credits.dto.ts';
import type { ServiceCostRow } from './tables.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuditActor } from '../audit/index.ts';

function toDto(row: ServiceCostRow): AdminServiceCost {
  return { serviceKey: row.serviceKey, name: serviceNameOf(row.serviceKey), cost: row.cost, updatedAt: row.updatedAt.toISOString() };
}

export function createAdminServiceCostsService({ db }: { db: Db }) {
  return {
    async list(): Promise<AdminServiceCost[]> {
      return (await listServiceCosts(db)).map(toDto);
    },

    /** New charges use the new cost at once; past charges keep the cost they snapshot. */
    async update(actor: AuditActor, serviceKey: string, cost: number): Promise<AdminServiceCost> {
      return db.transaction(async (tx) => {
        const current = await findServiceCostForUpdate(tx, serviceKey);
        if (!current) throw new AppError('NOT_FOUND', 404, `Unknown service: ${serviceKey}`);
        const updated = await updateServiceCost(tx, serviceKey, cost);
        await insertAuditEntry(tx, actor, {
          action: 'service_cost.update',
          targetType: 'service_cost',
          targetId: serviceKey,
          before: { cost: current.cost },
          after: { cost: updated.cost },
        });
        return toDto(updated);
      });
    },
  };
}
