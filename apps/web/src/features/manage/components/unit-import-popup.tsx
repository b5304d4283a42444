import Toast from 'antd-mobile/es/components/toast';
import type { EndpointData } from '@sq/contract/endpoint';
import type { importUnits } from '@sq/contract/units/import-units';
import { useImportUnits } from '../api/units';
import { ImportPreviewPopup } from './import-preview-popup';

type Preview = EndpointData<typeof importUnits>;

interface Props {
  poiId: string;
  /** The chosen file and the server's check of it; null when closed. */
  checked: { file: File; preview: Preview } | null;
  onClose: () => void;
}

/** The register import's preview, then the write. */
export function UnitImportPopup({ poiId, checked, onClose }: Props) {
  const importer = useImportUnits(poiId);
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
    <ImportPreviewPopup
      checked={checked && { fileName: checked.file.name, preview: checked.preview }}
      noun="户"
      goodCount={checked?.preview.homes}
      note={checked && checked.preview.homes !== checked.preview.good && `正确的 ${checked.preview.good} 行共 ${checked.preview.homes} 户（一户有多位业主的，每位业主一行）`}
      committing={importer.isPending}
      onCommit={commit}
      onClose={onClose}
    />
  );
}
