import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import TextArea from 'antd-mobile/es/components/text-area';
import Toast from 'antd-mobile/es/components/toast';
import { RULES_MAX_CHARS } from '@sq/contract/board/board-rules';
import { LoadFailure } from '../../manage';
import { useBoardRules, useSaveBoardRules } from '../api/settings';
import { timeOf } from '../lib/moderation-text';
import './sections.css';
import './sheets.css';

/** 规则: the community's board rules, which residents accept before their first post. */
export function RulesSection({ poiId }: { poiId: string }) {
  const rules = useBoardRules(poiId);
  if (rules.error) return <LoadFailure error={rules.error} onRetry={() => void rules.refetch()} />;
  if (!rules.data) return <p className="mg-loading" role="status">正在加载…</p>;
  return <RulesForm key={`${rules.data.updatedAt ?? 'default'}`} poiId={poiId} saved={rules.data} />;
}

function RulesForm({ poiId, saved }: { poiId: string; saved: { text: string; custom: boolean; updatedAt: number | null; canEdit: boolean } }) {
  const [text, setText] = useState(saved.text);
  const save = useSaveBoardRules(poiId);
  const dirty = text !== saved.text;
  // A promise, not mutate's callbacks: the saved rules remount this form before those would run.
  // A refusal was already toasted by callApi.
  const saveThen = (next: string, done: string) =>
    void save.mutateAsync(next).then(
      () => Toast.show({ icon: 'success', content: done }),
      () => undefined,
    );

  const backToDefault = async () => {
    const yes = await Dialog.confirm({
      title: '恢复默认规则？',
      content: '本小区修改过的规则将被系统默认规则代替。',
      confirmText: '恢复默认',
      cancelText: '不恢复',
    });
    if (yes) saveThen('', '已恢复默认规则');
  };
  const submit = () => {
    // An empty text means the default again: that is a choice to confirm, not a slip to save.
    if (!text.trim()) return void backToDefault();
    saveThen(text.trim(), '规则已保存');
  };

  return (
    <section className="mg-card" aria-labelledby="bm-rules-title">
      <h2 className="mg-card-title" id="bm-rules-title">
        邻里圈规则
      </h2>
      <p className="bm-hint">
        {saved.custom && saved.updatedAt ? `本小区规则，${timeOf(saved.updatedAt)} 修改。` : '现为系统默认规则。'}
        居民第一次发帖前须阅读并同意。
      </p>
      <label className="sq-visually-hidden" htmlFor="bm-rules-text">
        邻里圈规则内容
      </label>
      <TextArea
        className="bm-textarea bm-rules"
        id="bm-rules-text"
        value={text}
        onChange={setText}
        readOnly={!saved.canEdit}
        maxLength={RULES_MAX_CHARS}
        showCount
        autoSize={{ minRows: 10, maxRows: 24 }}
      />
      {saved.canEdit ? (
        <div className="bm-sheet-actions">
          <Button shape="rounded" size="large" disabled={!saved.custom || save.isPending} onClick={() => void backToDefault()}>
            恢复默认
          </Button>
          <Button color="primary" shape="rounded" size="large" disabled={!dirty} loading={save.isPending} onClick={submit}>
            保存规则
          </Button>
        </div>
      ) : (
        <p className="bm-hint">规则由社区管理员或社区经理修改。</p>
      )}
    </section>
  );
}
