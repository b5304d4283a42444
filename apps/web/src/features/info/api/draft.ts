import { storage, StorageKey } from '../../../lib/storage';
import type { Draft, DraftFields } from './draft-schema';

export type { Draft, DraftFields };

export const TITLE_CORRECT = '纠错';
export const TITLE_ADD = '补充信息';

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
