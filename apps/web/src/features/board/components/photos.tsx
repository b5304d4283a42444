import { lazy, Suspense, useState } from 'react';
import type { StoredImage } from '@sq/contract/images/upload-image';
import { ImageGrid } from './image-grid';

const PhotoViewer = lazy(() => import('./photo-viewer'));

/** A post's thumbnails; a tap opens them full screen. */
export function Photos({ images, label }: { images: StoredImage[]; label: string }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ImageGrid images={images} label={label} onOpen={setOpen} />
      {open !== null && (
        <Suspense fallback={null}>
          <PhotoViewer images={images} index={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
