import { loadConfig } from '../config';
import { openStore } from '../db/open';
import { seedDemo } from '../seed/demo';

// `npm run seed`: adds whatever demo data is missing; changes nothing that exists.
const store = await openStore(loadConfig());
try {
  await seedDemo(store.database.db, store.pii);
  console.log('Demo data is in place.');
} finally {
  await store.close();
}
