import { useRef, useState } from 'react';
import Result from 'antd-mobile/es/components/result';
import { DownlandOutline, UploadOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { EndpointData } from '@sq/contract/endpoint';
import { XLSX_TYPE } from '@sq/contract/manage/export';
import { RESIDENT_IMPORT_MAX_ROWS, RESIDENTS_TEMPLATE_PATH, type importResidents } from '@sq/contract/residents/import-residents';
import { WebRoute } from '@sq/contract/routes';
import { communityQuery } from '../../../lib/community-queries';
import { API_BASE } from '../../../lib/login-handoff';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { runName, useImportProgress, useImportResidents } from '../api/residents';
import { ImportPreviewPopup, ProblemList } from '../components/import-preview-popup';
import { ImportProgress } from '../components/import-progress';
import { MissingCommunity } from '../components/load-failure';
import { centreOf, ManageHeader } from '../components/manage-header';
import '../components/manage-ui.css';
import './residents-import-page.css';

type Answer = EndpointData<typeof importResidents>;

/**
 * 导入住户 (/importresidents?poiId=): the residents the property office keeps in a spreadsheet,
 * brought in at once – template, check with every bad row listed, then all, only the good ones,
 * or none, with the server's progress on a bar.
 */
export function ResidentsImportPage() {
  useDocumentTitle('导入住户');
  const [params] = useSearchParams();
  const poiId = params.get('poiId') ?? '';
  const community = useQuery({ ...communityQuery(poiId), enabled: poiId !== '' });
  const importer = useImportResidents(poiId);
  const fileInput = useRef<HTMLInputElement>(null);
  const [checked, setChecked] = useState<{ file: File; preview: Answer } | null>(null);
  const [done, setDone] = useState<Answer | null>(null);
  // The rows left out stay listed until the manager closes them: they fix them from this list.
  const [leftOutOpen, setLeftOutOpen] = useState(false);
  const [run, setRun] = useState<string | null>(null);
  const progress = useImportProgress(poiId, importer.isPending ? run : null);

  const send = (file: File, commit: boolean, skipBad: boolean) => {
    const name = runName();
    setRun(name);
    importer.mutate(
      { file, commit, skipBad, progress: name },
      {
        onSuccess: (answer) => {
          if (answer.written || commit) {
            setChecked(null);
            setDone(answer);
            setLeftOutOpen(answer.problems.length > 0);
          } else setChecked({ file, preview: answer });
        },
        onSettled: () => setRun(null),
      },
    );
  };

  const onFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    setDone(null);
    send(file, false, false);
  };

  const bar = <ImportProgress progress={progress.data} />;
  return (
    <main className="mg-screen">
      <ManageHeader title="导入住户" subtitle={community.data?.community} fallback={centreOf(poiId)} />
      {!poiId ? (
        <MissingCommunity />
      ) : (
        <>
          <section className="mg-card ri-steps" aria-label="导入步骤">
            <ol>
              <li>
                <a className="ri-action" href={API_BASE + RESIDENTS_TEMPLATE_PATH} download="住户名单导入模板.xlsx">
                  <DownlandOutline aria-hidden="true" />
                  下载模板
                </a>
                <span className="ri-hint">按“填写说明”填好姓名、手机号、证件、身份和地址，每次最多 {RESIDENT_IMPORT_MAX_ROWS} 行</span>
              </li>
              <li>
                <button type="button" className="ri-action ri-primary" disabled={importer.isPending} onClick={() => fileInput.current?.click()}>
                  <UploadOutline aria-hidden="true" />
                  {importer.isPending && !checked ? '正在检查…' : '选择填好的表格'}
                </button>
                <span className="ri-hint">先检查，列出每一行的问题；确认后才写入</span>
              </li>
            </ol>
            <input ref={fileInput} type="file" hidden accept={`.xlsx,${XLSX_TYPE}`} aria-label="选择住户名单" onChange={(e) => onFile(e.target.files?.[0])} />
            {importer.isPending && !checked && bar}
          </section>
          <section className="mg-card ri-rules" aria-label="导入说明">
            <p>导入的住户视为已审核通过，用表格中的手机号登录即可使用通行证；首次登录时会看到个人信息处理说明。</p>
            <p>本小区已登记的手机号保持原样，同一表格重复导入不会重复添加。</p>
          </section>
          {done && (
            <section className="mg-card" aria-label="导入结果">
              <Result
                status="success"
                title={`已导入 ${done.created} 人`}
                description={
                  <>
                    {done.existing > 0 && <span className="ri-line">{done.existing} 人此前已登记，保持原样</span>}
                    {done.rows - done.good > 0 && <span className="ri-line">{done.rows - done.good} 行有问题，未导入</span>}
                  </>
                }
              />
              {leftOutOpen && (
                <div className="ri-left-out" role="region" aria-label="未导入的行">
                  <p className="ri-left-out-title">以下各行未导入：请在表格中改正后重新上传（已导入的人不会重复添加）。</p>
                  <ProblemList problems={done.problems} label="未导入的行" />
                  <button type="button" className="ri-action" onClick={() => setLeftOutOpen(false)}>
                    关闭列表
                  </button>
                </div>
              )}
              <Link className="ri-action ri-records" to={`${WebRoute.records}?poiId=${encodeURIComponent(poiId)}&tab=approved`}>
                查看登记记录
              </Link>
            </section>
          )}
        </>
      )}
      <ImportPreviewPopup
        checked={checked && { fileName: checked.file.name, preview: checked.preview }}
        noun="人"
        note={checked && checked.preview.existing > 0 ? `其中 ${checked.preview.existing} 人已在本小区登记，将保持原样，不会重复添加。` : undefined}
        committing={importer.isPending}
        progress={bar}
        onCommit={(skipBad) => checked && send(checked.file, true, skipBad)}
        onClose={() => setChecked(null)}
      />
    </main>
  );
}
