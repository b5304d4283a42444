import { useState } from 'react';
import type { StoredImage } from '@sq/contract/images/upload-image';
import { ApiError } from '../../../lib/api-error';
import { showToast } from '../../../lib/toast';
import { uploadImage } from '../../../lib/upload-image';

/** The event's cover photo: tap to choose (camera or album), uploaded at once (resized, EXIF removed by the server). */
export function CoverPicker({ poiId, value, onChange }: { poiId: string; value: StoredImage | null; onChange: (image: StoredImage | null) => void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const pick = (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    uploadImage(poiId, file, setProgress, undefined, 'event')
      .then(onChange)
      .catch((error: unknown) => showToast(error instanceof ApiError ? error.message : '图片上传失败，请重试'))
      .finally(() => setProgress(null));
  };
  return (
    <div className="ev-cover-pick">
      {value ? <img src={value.url} alt="封面" /> : <span className="ev-muted">{progress === null ? '添加封面（选填）' : `正在上传 ${Math.round(progress * 100)}%`}</span>}
      <label className="ev-button ev-button-plain ev-file-button">
        {value ? '更换封面' : '选择图片'}
        <input type="file" accept="image/*" aria-label="选择封面图片" onChange={(e) => pick(e.target.files?.[0])} />
      </label>
      {value && (
        <button type="button" className="ev-button ev-button-plain" onClick={() => onChange(null)}>
          去掉封面
        </button>
      )}
    </div>
  );
}
