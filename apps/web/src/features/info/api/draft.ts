import { z } from 'zod';
import { storage, StorageKey } from '../../../lib/storage';

export const TITLE_CORRECT = '纠错';
export const TITLE_ADD = '补充信息';

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

const keyOf = (title: Draft['title']) => (title === TITLE_CORRECT ? StorageKey.correctionDraft : StorageKey.addInfoDraft);

export const EMPTY_FIELDS: DraftFields = { typeId: null, department: '', contact: '', address: '', lng: null, lat: null, mapAddress: '' };

export function readDraft(title: Draft['title']): Draft | null {
  return storage.readJson(keyOf(title), ZDraft);
}

export function saveDraft(draft: Draft): void {
  storage.writeJson(keyOf(draft.title), draft);
}

export function clearDraft(title: Draft['title']): void {
  storage.remove(keyOf(title));
}

const norm = (f: DraftFields) => ({ ...f, department: f.department.trim(), contact: f.contact.trim(), address: f.address.trim(), mapAddress: f.mapAddress.trim() });

/** Spec §5: submitting is skipped when nothing changed. */
export function isChanged(draft: Draft): boolean {
  return JSON.stringify(norm(draft.fields)) !== JSON.stringify(norm(draft.original));
}
