import { useState } from 'react';
import type { StoredImage } from '@sq/contract/images/upload-image';
import { ApiError } from '../../../lib/api-error';
import { showToast } from '../../../lib/toast';
import { uploadImage } from '../../../lib/upload-image';

/** A signed paper's photo: the camera or the album, uploaded at once (resized, EXIF removed by the server). */
export function PhotoField({ poiId, label, value, onChange }: { poiId: string; label: string; value: StoredImage | null; onChange: (image: StoredImage | null) => void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const pick = (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    uploadImage(poiId, file, setProgress)
      .then(onChange)
      .catch((error: unknown) => showToast(error instanceof ApiError ? error.message : '照片上传失败，请重试'))
      .finally(() => setProgress(null));
  };
  return (
    <div className="desk-photo">
      {value ? <img src={value.thumbUrl} alt={label} width={96} height={96} /> : <span className="desk-muted">{progress === null ? '未拍照' : `正在上传 ${Math.round(progress * 100)}%`}</span>}
      <label className="desk-file">
        {value ? '重新拍照' : label}
        <input type="file" accept="image/*" capture="environment" aria-label={label} onChange={(e) => pick(e.target.files?.[0])} />
      </label>
    </div>
  );
}
