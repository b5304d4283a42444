import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import Toast from 'antd-mobile/es/components/toast';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { RETENTION_LIMITS, retentionNotice, type Retention } from '@sq/contract/manage/retention-rules';
import { RetentionMsg } from '@sq/contract/manage/retention';
import { communityQuery } from '../../../lib/community-queries';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRetentionSettings, useSaveRetention } from '../api/retention';
import { MissingCommunity } from '../components/load-failure';
import { centreOf, ManageHeader } from '../components/manage-header';
import '../components/manage-ui.css';
import './retention-page.css';

const FIELDS: { key: keyof Retention; label: string; unit: string }[] = [
  { key: 'travelDays', label: '行程信息（返京日期、地点、交通）', unit: '天' },
  { key: 'endedDays', label: '被退回、撤销或已到期的登记', unit: '天' },
  { key: 'logMonths', label: '出入记录', unit: '个月' },
];

/** 信息保存期限 (/retention?poiId=): the periods after which the server deletes personal data. */
export function RetentionPage() {
  useDocumentTitle('信息保存期限');
  const [params] = useSearchParams();
  const poiId = params.get('poiId') ?? '';
  const current = useRetentionSettings(poiId);
  const save = useSaveRetention(poiId);
  const community = useQuery({ ...communityQuery(poiId), enabled: poiId !== '' });
  const [draft, setDraft] = useState<Record<keyof Retention, string> | null>(null);
  const values = draft ?? (current.data ? { travelDays: String(current.data.retention.travelDays), endedDays: String(current.data.retention.endedDays), logMonths: String(current.data.retention.logMonths) } : null);

  const submit = () => {
    if (!values) return;
    const r = { travelDays: Number(values.travelDays), endedDays: Number(values.endedDays), logMonths: Number(values.logMonths) };
    for (const f of FIELDS) {
      const { min, max } = RETENTION_LIMITS[f.key];
      if (!Number.isInteger(r[f.key]) || r[f.key] < min || r[f.key] > max) return void Toast.show({ content: RetentionMsg[f.key] });
    }
    save.mutate(r, { onSuccess: () => (Toast.show({ icon: 'success', content: '已保存' }), setDraft(null)) });
  };

  return (
    <main className="mg-screen">
      <ManageHeader title="信息保存期限" subtitle={community.data?.community} fallback={centreOf(poiId)} overlap />
      {!poiId ? (
        <MissingCommunity />
      ) : (
        <>
          {values && (
            <Form
              className="mg-card rt-form"
              layout="vertical"
              onFinish={submit}
              footer={
                <Button block type="submit" color="primary" size="large" shape="rounded" loading={save.isPending}>
                  保存
                </Button>
              }
            >
              {FIELDS.map((f) => (
                <Form.Item key={f.key} label={f.label} extra={f.unit}>
                  <Input type="number" inputMode="numeric" aria-label={f.label} value={values[f.key]} onChange={(v) => setDraft({ ...values, [f.key]: v })} />
                </Form.Item>
              ))}
            </Form>
          )}
          {current.data && (
            <p className="rt-note">
              现行规则（{current.data.custom ? '本小区设置' : '默认'}）：{retentionNotice(current.data.retention)}
              到期的信息由系统每天自动删除，删除的数量记入操作日志。登记页面会向居民展示这些期限。
            </p>
          )}
        </>
      )}
    </main>
  );
}
