// The schema drizzle-kit reads and the client is typed with; tables live in db/schema/<domain>.ts.
export * from './schema/identity';
export * from './schema/community';
export * from './schema/pass';
export * from './schema/polls';
export * from './schema/owners';
export * from './schema/ballots';
export * from './schema/audit';
export * from './schema/notifications';
export * from './schema/visits';
export * from './schema/images';
export * from './schema/board';
export * from './schema/events';
export * from './schema/merchants';
export * from './schema/groupbuys';
export * from './schema/owners-procedure';
