import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const catalogueColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  storageKey: text('storage_key').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Person photos the admin offers for virtual try-on. */
export const tryOnModels = pgTable('try_on_models', catalogueColumns(), (table) => [index('try_on_models_active_idx').on(table.isActive)]);

/** Garments of the admin's clothing catalogue (category: top, bottom, dress, outerwear). */
export const tryOnGarments = pgTable('try_on_garments', catalogueColumns(), (table) => [
  index('try_on_garments_active_idx').on(table.isActive),
]);

export type TryOnCatalogueRow = typeof tryOnModels.$inferSelect;
