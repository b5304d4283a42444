import { z } from 'zod';
import { storage } from '../../../lib/storage';
import { draftKey, TITLE_ADD, TITLE_CORRECT } from './draft';

// Apart from draft.ts, so the screens that only start a draft (home, community info) do not load
// zod: only /errcon reads a draft back and checks it.
const ZFields = z.object({
  typeId: z.number().nullable(),
  department: z.string(),
  contact: z.string(),
  address: z.string(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  mapAddress: z.string(),
});
export type DraftFields = z.infer<typeof ZFields>;

/**
 * The /errcon form as the user left it (spec §3 "a saved correction draft, an add-info draft"),
 * so a trip to the map picker, or a reload, loses nothing.
 */
const ZDraft = z.object({
  title: z.enum([TITLE_CORRECT, TITLE_ADD]),
  /** The entry being corrected; '' for an addition. */
  id: z.string(),
  poiId: z.string(),
  /** Set when adding to or correcting the street's list. */
  streetId: z.string(),
  /** The entry as it was (纠错) or the blank form (补充信息): "changed" is measured against it. */
  original: ZFields,
  fields: ZFields,
});
export type Draft = z.infer<typeof ZDraft>;

export function readDraft(title: Draft['title']): Draft | null {
  return storage.readJson(draftKey(title), ZDraft);
}
