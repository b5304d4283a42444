import { useRef, useState } from 'react';
import { POST_MAX_IMAGES, BoardMsg } from '@sq/contract/board/board-rules';
import type { StoredImage } from '@sq/contract/images/upload-image';
import { uploadImage } from '../../../lib/upload-image';

/** A photo on the posting form: uploading (with progress), stored, or refused with the server's words. */
export interface PhotoSlot {
  key: string;
  preview: string;
  progress: number;
  image: StoredImage | null;
  error: string | null;
}

let counter = 0;

/**
 * The posting form's photos: each uploaded the moment it is picked (so posting is quick), up to
 * nine, each removable; a refused one keeps its place with the reason until removed.
 */
export function usePhotoUploads(poiId: string | null, initial: StoredImage[] = []) {
  const [slots, setSlots] = useState<PhotoSlot[]>(() =>
    initial.map((image) => ({ key: image.hash, preview: image.thumbUrl, progress: 1, image, error: null })),
  );
  const aborts = useRef(new Map<string, AbortController>());
  const patch = (key: string, change: Partial<PhotoSlot>) => setSlots((all) => all.map((s) => (s.key === key ? { ...s, ...change } : s)));

  const add = (files: File[]): string | null => {
    if (!poiId) return null;
    const room = POST_MAX_IMAGES - slots.length;
    const taken = files.slice(0, Math.max(0, room));
    const added = taken.map((file) => ({ key: `new-${++counter}`, preview: URL.createObjectURL(file), progress: 0, image: null, error: null, file }));
    setSlots((all) => [...all, ...added.map(({ file: _file, ...slot }) => slot)]);
    for (const { key, file } of added) {
      const abort = new AbortController();
      aborts.current.set(key, abort);
      uploadImage(poiId, file, (progress) => patch(key, { progress }), abort.signal).then(
        (image) => patch(key, { image, progress: 1 }),
        (error: unknown) => {
          if (abort.signal.aborted) return;
          patch(key, { error: error instanceof Error && error.message ? error.message : '上传失败，请重试' });
        },
      );
    }
    return files.length > taken.length ? BoardMsg.tooManyImages : null;
  };

  const remove = (key: string) => {
    aborts.current.get(key)?.abort();
    aborts.current.delete(key);
    setSlots((all) => {
      const gone = all.find((s) => s.key === key);
      if (gone?.preview.startsWith('blob:')) URL.revokeObjectURL(gone.preview);
      return all.filter((s) => s.key !== key);
    });
  };

  const uploading = slots.some((s) => !s.image && !s.error);
  const failed = slots.some((s) => s.error);
  const hashes = slots.flatMap((s) => (s.image ? [s.image.hash] : []));
  return { slots, add, remove, uploading, failed, hashes, setInitial: (images: StoredImage[]) => setSlots(images.map((image) => ({ key: image.hash, preview: image.thumbUrl, progress: 1, image, error: null }))) };
}
