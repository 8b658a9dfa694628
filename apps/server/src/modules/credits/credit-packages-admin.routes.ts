import { createCreditPackageBodySchema, updateCreditPackageBodySchema } from '@lumen/core/admin/schemas';
import { creditPackageListSchema, creditPackageSchema } from '@lumen/core/credits/schemas';
import { catalogueRoutes } from './ordered-catalogue.routes.ts';
import { createAdminPackagesService } from './credit-packages-admin.service.ts';

/** /admin/credit-packages: every change is audited; DELETE archives. */
export const adminCreditPackagesRoutes = catalogueRoutes({
  base: '/credit-packages',
  operationIds: 'admin.creditPackages',
  noun: { one: 'Credit package', many: 'Credit packages' },
  schemas: {
    item: creditPackageSchema,
    list: creditPackageListSchema,
    create: createCreditPackageBodySchema,
    update: updateCreditPackageBodySchema,
  },
  summaries: {
    list: 'Every non-archived credit package (active and inactive) in order',
    create: 'Create a credit package (price in dollars)',
    reorder: 'Reorder: ids of every non-archived package, in the new order',
    update: 'Change a credit package',
    archive: 'Archive a credit package (never hard-deleted)',
  },
  createService: createAdminPackagesService,
});
