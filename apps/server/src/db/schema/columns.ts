import { timestamp } from 'drizzle-orm/pg-core';

/** All times are instants (timestamptz); Beijing-time rendering happens at the edges. */
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
