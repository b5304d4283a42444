import type { StoredImage } from '@sq/contract/images/upload-image';

/** One photo alone is shown larger, in its own shape, within this box (as WeChat Moments). */
const SINGLE_MAX = 220;

function singleSize(image: StoredImage): { width: number; height: number } {
  const scale = SINGLE_MAX / Math.max(image.width, image.height, 1);
  // A panorama or a long screenshot would be a sliver: never narrower than a third of the box.
  return { width: Math.max(80, Math.round(image.width * scale)), height: Math.max(80, Math.round(image.height * scale)) };
}

/**
 * Up to nine thumbnails: one photo in its shape, four as 2 × 2, others 3 per row. Every image has
 * its width and height before it loads, so the list does not jump while they arrive.
 */
export function ImageGrid({ images, onOpen, label }: { images: StoredImage[]; onOpen: (index: number) => void; label: string }) {
  if (images.length === 0) return null;
  const single = images.length === 1 ? singleSize(images[0]!) : null;
  const columns = images.length === 4 ? 2 : 3;
  return (
    <ul className={`bd-grid bd-grid-${single ? 'single' : columns}`} aria-label={`${label}的图片，共${images.length}张`}>
      {images.map((image, i) => (
        <li key={image.hash}>
          <button type="button" className="bd-grid-cell" onClick={() => onOpen(i)} aria-label={`查看第${i + 1}张图片`}>
            <img
              src={image.thumbUrl}
              alt=""
              loading="lazy"
              decoding="async"
              width={single?.width ?? 120}
              height={single?.height ?? 120}
              style={single ?? undefined}
            />
          </button>
        </li>
      ))}
    </ul>
  );
}
