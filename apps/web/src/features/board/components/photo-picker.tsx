import { useId } from 'react';
import Toast from 'antd-mobile/es/components/toast';
import { POST_MAX_IMAGES } from '@sq/contract/board/board-rules';
import type { PhotoSlot } from '../lib/use-photo-uploads';

interface Props {
  slots: PhotoSlot[];
  onAdd: (files: File[]) => string | null;
  onRemove: (key: string) => void;
}

/** Photos taken or picked on the phone, each with its upload's progress, its error and 删除. */
export function PhotoPicker({ slots, onAdd, onRemove }: Props) {
  const inputId = useId();
  return (
    <div className="bd-photos">
      <ul className="bd-photos-grid" aria-label={`图片（${slots.length}/${POST_MAX_IMAGES}）`}>
        {slots.map((s, i) => (
          <li key={s.key} className={`bd-photo${s.error ? ' bd-photo-bad' : ''}`}>
            <img src={s.preview} alt={`第${i + 1}张图片`} width={100} height={100} />
            {!s.image && !s.error && (
              <span className="bd-photo-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(s.progress * 100)} aria-label={`第${i + 1}张上传中`}>
                {Math.round(s.progress * 100)}%
              </span>
            )}
            {s.error && (
              <span className="bd-photo-error" role="alert">
                {s.error}
              </span>
            )}
            <button type="button" className="bd-photo-remove" onClick={() => onRemove(s.key)} aria-label={`删除第${i + 1}张图片`}>
              ×
            </button>
          </li>
        ))}
        {slots.length < POST_MAX_IMAGES && (
          <li className="bd-photo-add-cell">
            <label className="bd-photo-add" htmlFor={inputId}>
              <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true">
                <path d="M4 8h3l2-3h6l2 3h3v11H4z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
                <circle cx="12" cy="13" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
              </svg>
              <span>拍照/相册</span>
            </label>
            <input
              id={inputId}
              type="file"
              accept="image/*"
              multiple
              onChange={(e) => {
                const files = [...(e.target.files ?? [])];
                e.target.value = '';
                const refused = onAdd(files);
                if (refused) Toast.show(refused);
              }}
            />
          </li>
        )}
      </ul>
      <p className="bd-hint">最多{POST_MAX_IMAGES}张；照片里的位置信息会被去除</p>
    </div>
  );
}
