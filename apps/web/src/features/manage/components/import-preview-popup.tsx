import type { ReactNode } from 'react';
import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import type { ImportProblem } from '@sq/contract/manage/sheet-import';
import './import-preview-popup.css';

export interface ImportPreview {
  rows: number;
  good: number;
  problems: ImportProblem[];
}

interface Props {
  /** The chosen file's name and the server's check of it; null when closed. */
  checked: { fileName: string; preview: ImportPreview } | null;
  /** What a good row is counted as: 户 (homes), 人 (residents). */
  noun: string;
  /** How many of `noun` the good rows make, when not one per row (a home's co-owners take a row each). */
  goodCount?: number;
  /** A line under the counts (e.g. how many are registered already). */
  note?: ReactNode;
  committing: boolean;
  /** Shown while the rows are written. */
  progress?: ReactNode;
  onCommit: (skipBad: boolean) => void;
  onClose: () => void;
}

/** Every bad row with its column and why (the preview, and the result after only the good rows went in). */
export function ProblemList({ problems, label = '有问题的行' }: { problems: ImportProblem[]; label?: string }) {
  if (problems.length === 0) return null;
  return (
    <ul className="ip-problems" aria-label={label}>
      {problems.map((p, i) => (
        <li key={i}>
          <span className="ip-where">
            第{p.row}行 · {p.column}
          </span>
          {p.message}
        </li>
      ))}
    </ul>
  );
}

/**
 * A spreadsheet import's preview: every bad row with its column and why, before anything is
 * written; then the manager imports all rows (only when none is bad), only the good ones, or none.
 */
export function ImportPreviewPopup({ checked, noun, goodCount, note, committing, progress, onCommit, onClose }: Props) {
  const preview = checked?.preview;
  const bad = preview ? new Set(preview.problems.map((p) => p.row)).size : 0;
  return (
    <Popup visible={checked !== null} onMaskClick={committing ? undefined : onClose} bodyClassName="ip-popup" destroyOnClose>
      <h2 className="ip-title">导入预览</h2>
      {preview && (
        <>
          <p className="ip-summary" role="status">
            {checked.fileName}：共 {preview.rows} 行，<b className="ip-good">正确 {preview.good} 行</b>
            {bad > 0 && (
              <>
                ，<b className="ip-bad">有问题 {bad} 行</b>
              </>
            )}
            。尚未写入任何数据。
          </p>
          {note && <p className="ip-note">{note}</p>}
          <ProblemList problems={preview.problems} />
          {committing && progress}
          <div className="ip-actions">
            {bad === 0 ? (
              <Button block color="primary" size="large" shape="rounded" loading={committing} onClick={() => onCommit(false)}>
                确认导入 {goodCount ?? preview.good} {noun}
              </Button>
            ) : (
              preview.good > 0 && (
                <Button block color="primary" size="large" shape="rounded" loading={committing} onClick={() => onCommit(true)}>
                  只导入正确的 {preview.good} 行
                </Button>
              )
            )}
            <Button block size="large" shape="rounded" disabled={committing} onClick={onClose}>
              {bad > 0 ? '都不导入，改正后重新上传' : '取消'}
            </Button>
          </div>
        </>
      )}
    </Popup>
  );
}
