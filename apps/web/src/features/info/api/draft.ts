import { storage, StorageKey } from '../../../lib/storage';

export const TITLE_CORRECT = '纠错';
export const TITLE_ADD = '补充信息';

export interface DraftFields {
  typeId: number | null;
  department: string;
  contact: string;
  address: string;
  lng: number | null;
  lat: number | null;
  mapAddress: string;
}

/**
 * The /errcon form as the user left it (spec §3 "a saved correction draft, an add-info draft"),
 * so a trip to the map picker, or a reload, loses nothing. Read back through draft-schema.ts.
 */
export interface Draft {
  title: typeof TITLE_CORRECT | typeof TITLE_ADD;
  /** The entry being corrected; '' for an addition. */
  id: string;
  poiId: string;
  /** Set when adding to or correcting the street's list. */
  streetId: string;
  /** The entry as it was (纠错) or the blank form (补充信息): "changed" is measured against it. */
  original: DraftFields;
  fields: DraftFields;
}

/** Where a draft of that title is kept. */
export const draftKey = (title: Draft['title']) => (title === TITLE_CORRECT ? StorageKey.correctionDraft : StorageKey.addInfoDraft);

export const EMPTY_FIELDS: DraftFields = { typeId: null, department: '', contact: '', address: '', lng: null, lat: null, mapAddress: '' };

export function saveDraft(draft: Draft): void {
  storage.writeJson(draftKey(draft.title), draft);
}

export function clearDraft(title: Draft['title']): void {
  storage.remove(draftKey(title));
}

const norm = (f: DraftFields) => ({ ...f, department: f.department.trim(), contact: f.contact.trim(), address: f.address.trim(), mapAddress: f.mapAddress.trim() });

/** Spec §5: submitting is skipped when nothing changed. */
export function isChanged(draft: Draft): boolean {
  return JSON.stringify(norm(draft.fields)) !== JSON.stringify(norm(draft.original));
}
