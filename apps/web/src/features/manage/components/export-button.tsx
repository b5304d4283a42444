import ActionSheet from 'antd-mobile/es/components/action-sheet';
import { DownlandOutline } from 'antd-mobile-icons';
import { downloadExport } from '../api/export-download';
import type { ExportRequest } from '../lib/export-fields';
import { canExportWhole } from '../lib/roles';
import './manage-ui.css';

interface Props {
  /** The list endpoint's path; the export goes to the same path with ?export=1. */
  listPath: string;
  request: Omit<ExportRequest, 'whole'>;
  /** The caller's role here (GET /v1/communityManager), undefined while unknown. */
  isAdmin: number | undefined;
  /** What is exported, in words, e.g. 「待审核」登记. */
  what?: string;
}

/**
 * 导出 in the header: duty staff get the masked file at once; administrators and managers choose
 * between masked and whole numbers, masked first because it is the safe default (PIPL).
 */
export function ExportButton({ listPath, request, isAdmin, what = '当前列表' }: Props) {
  const exportAs = (whole: boolean) => downloadExport(listPath, { ...request, whole });
  const onClick = () => {
    if (isAdmin === undefined || !canExportWhole(isAdmin)) {
      exportAs(false);
      return;
    }
    const sheet = ActionSheet.show({
      extra: `将${what}导出为 Excel 表格`,
      cancelText: '取消',
      actions: [
        { key: 'masked', text: '导出（隐藏手机号、身份证号）' },
        { key: 'whole', text: '导出完整信息', description: '含完整手机号、身份证号，请妥善保管' },
      ],
      onAction: (action) => {
        sheet.close();
        exportAs(action.key === 'whole');
      },
    });
  };
  return (
    <button type="button" className="mg-header-action" onClick={onClick}>
      <DownlandOutline aria-hidden="true" />
      <span>导出</span>
    </button>
  );
}
