import ProgressBar from 'antd-mobile/es/components/progress-bar';
import type { EndpointData } from '@sq/contract/endpoint';
import type { importProgress } from '@sq/contract/residents/import-residents';
import './import-preview-popup.css';

type Progress = EndpointData<typeof importProgress>;

const LABEL: Record<Progress['phase'], (p: Progress) => string> = {
  reading: () => '正在读取表格…',
  checking: (p) => `正在检查第 ${p.done} / ${p.total} 行`,
  writing: (p) => `正在写入 ${p.done} / ${p.total} 人`,
  done: () => '即将完成…',
};

/** The bar of a running import: what it does and how far, from the server's own count. */
export function ImportProgress({ progress }: { progress: Progress | undefined }) {
  const percent = !progress || progress.total === 0 ? 0 : Math.round((progress.done / progress.total) * 100);
  // Reading and checking are the first fifth of the bar, writing the rest.
  const shown = !progress ? 2 : progress.phase === 'writing' ? 20 + Math.round(percent * 0.8) : progress.phase === 'done' ? 100 : Math.round(percent * 0.2);
  const label = progress ? LABEL[progress.phase](progress) : '正在上传表格…';
  return (
    <div className="ip-progress" role="progressbar" aria-label="导入进度" aria-valuemin={0} aria-valuemax={100} aria-valuenow={shown} aria-valuetext={label}>
      <ProgressBar percent={shown} style={{ '--track-width': '10px', '--fill-color': '#15803d' }} />
      <p className="ip-progress-label">{label}</p>
    </div>
  );
}
