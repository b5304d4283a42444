import { bigserial, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './identity';

/** Every whole view of personal data and every export: who, what, where, how many rows (PIPL). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    poiId: text('poi_id'),
    subjectId: text('subject_id'),
    rows: integer('rows'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_poi_created_idx').on(t.poiId, t.createdAt)],
);
