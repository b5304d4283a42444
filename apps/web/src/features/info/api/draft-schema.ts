import { z } from 'zod';
import { storage } from '../../../lib/storage';
import { draftKey, TITLE_ADD, TITLE_CORRECT, type Draft, type DraftFields } from './draft';

// Apart from draft.ts, so the screens that only start a draft (home, community info) do not load
// zod: only /errcon reads a draft back and checks it. The types live in draft.ts; the schemas
// here are checked against them.
const ZFields: z.ZodType<DraftFields> = z.object({
  typeId: z.number().nullable(),
  department: z.string(),
  contact: z.string(),
  address: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  mapAddress: z.string(),
});

const ZDraft: z.ZodType<Draft> = z.object({
  title: z.enum([TITLE_CORRECT, TITLE_ADD]),
  id: z.string(),
  poiId: z.string(),
  streetId: z.string(),
  original: ZFields,
  fields: ZFields,
});

export function readDraft(title: Draft['title']): Draft | null {
  return storage.readJson(draftKey(title), ZDraft);
}
