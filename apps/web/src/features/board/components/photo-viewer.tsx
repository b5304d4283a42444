import ImageViewer from 'antd-mobile/es/components/image-viewer';
import type { StoredImage } from '@sq/contract/images/upload-image';

/**
 * The photos full screen, swiped left and right (antd-mobile ImageViewer.Multi). Its own chunk:
 * loaded with React.lazy the first time someone taps a photo, not with the feed.
 */
export default function PhotoViewer({ images, index, onClose }: { images: StoredImage[]; index: number; onClose: () => void }) {
  return <ImageViewer.Multi images={images.map((i) => i.url)} defaultIndex={index} visible onClose={onClose} />;
}
