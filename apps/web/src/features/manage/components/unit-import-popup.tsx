import { Button, Popup, Toast } from 'antd-mobile';
import type { EndpointData } from '@sq/contract/endpoint';
import type { importUnits } from '@sq/contract/units/import-units';
import { useImportUnits } from '../api/units';

type Preview = EndpointData<typeof importUnits>;

interface Props {
  poiId: string;
  /** The chosen file and the server's check of it; null when closed. */
  checked: { file: File; preview: Preview } | null;
  onClose: () => void;
}

/**
 * The import's preview: every bad row with its column and why, before anything is written; then
 * the manager imports all rows (only when none is bad), only the good ones, or none.
 */
export function UnitImportPopup({ poiId, checked, onClose }: Props) {
  const importer = useImportUnits(poiId);
  const preview = checked?.preview;
  const bad = preview ? new Set(preview.problems.map((p) => p.row)).size : 0;

  const commit = (skipBad: boolean) => {
    if (!checked) return;
    importer.mutate(
      { file: checked.file, commit: true, skipBad },
      {
        onSuccess: (done) => {
          Toast.show({ icon: 'success', content: `已导入：新增${done.created}户，更新${done.updated}户` });
          onClose();
        },
      },
    );
  };

  return (
    <Popup visible={checked !== null} onMaskClick={onClose} bodyClassName="un-popup" destroyOnClose>
      <h2 className="un-popup-title">导入预览</h2>
      {preview && (
        <>
          <p className="un-import-summary" role="status">
            {checked.file.name}：共 {preview.rows} 行，<b className="un-good">正确 {preview.good} 行</b>
            {bad > 0 && (
              <>
                ，<b className="un-bad">有问题 {bad} 行</b>
              </>
            )}
            。尚未写入任何数据。
          </p>
          {preview.problems.length > 0 && (
            <ul className="un-problems" aria-label="有问题的行">
              {preview.problems.map((p, i) => (
                <li key={i}>
                  <span className="un-problem-where">
                    第{p.row}行 · {p.column}
                  </span>
                  {p.message}
                </li>
              ))}
            </ul>
          )}
          <div className="un-popup-actions">
            {bad === 0 ? (
              <Button block color="primary" size="large" shape="rounded" loading={importer.isPending} onClick={() => commit(false)}>
                确认导入 {preview.good} 户
              </Button>
            ) : (
              preview.good > 0 && (
                <Button block color="primary" size="large" shape="rounded" loading={importer.isPending} onClick={() => commit(true)}>
                  只导入正确的 {preview.good} 行
                </Button>
              )
            )}
            <Button block size="large" shape="rounded" onClick={onClose}>
              {bad > 0 ? '都不导入，改正后重新上传' : '取消'}
            </Button>
          </div>
        </>
      )}
    </Popup>
  );
}
