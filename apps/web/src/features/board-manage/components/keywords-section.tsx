import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Radio from 'antd-mobile/es/components/radio';
import Space from 'antd-mobile/es/components/space';
import Toast from 'antd-mobile/es/components/toast';
import { CloseOutline } from 'antd-mobile-icons';
import { CONTENT_KEYWORD_MAX_CHARS, CONTENT_KEYWORDS_MAX, type LINK_POLICIES } from '@sq/contract/content/content-settings';
import { LoadFailure } from '../../manage';
import { useContentSettings, useSaveContentSettings } from '../api/settings';
import { addKeyword, keywordsChanged } from '../lib/keyword-draft';
import './sections.css';

type Links = (typeof LINK_POLICIES)[number];

/**
 * 关键词与链接: the community's own keywords (a post or comment holding one waits for staff) and
 * what a link does; saved together, as saveContentSettings takes the whole list.
 */
export function KeywordsSection({ poiId }: { poiId: string }) {
  const settings = useContentSettings(poiId);
  if (settings.error) return <LoadFailure error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <p className="mg-loading" role="status">正在加载…</p>;
  // Keyed by what was saved, so a save (or another manager's) starts the form afresh.
  return <KeywordsForm key={`${settings.data.keywords.join('\n')}|${settings.data.links}`} poiId={poiId} saved={settings.data} />;
}

function KeywordsForm({ poiId, saved }: { poiId: string; saved: { keywords: string[]; links: Links; defaultKeywords: number } }) {
  const [keywords, setKeywords] = useState(saved.keywords);
  const [links, setLinks] = useState<Links>(saved.links);
  const [typed, setTyped] = useState('');
  const save = useSaveContentSettings(poiId);
  const dirty = links !== saved.links || keywordsChanged(saved.keywords, keywords);

  const add = () => {
    const next = addKeyword(keywords, typed);
    if ('message' in next) return void Toast.show({ content: next.message });
    setKeywords(next.list);
    setTyped('');
  };
  // A promise, not mutate's callbacks: the saved settings remount this form before those would
  // run. A refusal was already toasted by callApi.
  const submit = () =>
    void save.mutateAsync({ keywords, links }).then(
      () => Toast.show({ icon: 'success', content: '已保存，新发布的内容按新设置检查' }),
      () => undefined,
    );

  return (
    <>
      <section className="mg-card" aria-labelledby="bm-kw-title">
        <h2 className="mg-card-title" id="bm-kw-title">
          本小区关键词（{keywords.length}/{CONTENT_KEYWORDS_MAX}）
        </h2>
        <p className="bm-hint">含下列词语的帖子和评论先由工作人员审核再显示。系统另有通用关键词{saved.defaultKeywords}个（不公开）。</p>
        <div className="bm-add">
          <Input
            aria-label="新关键词"
            placeholder={`输入关键词，${CONTENT_KEYWORD_MAX_CHARS}字以内`}
            value={typed}
            onChange={setTyped}
            onEnterPress={add}
            maxLength={CONTENT_KEYWORD_MAX_CHARS}
            clearable
          />
          <Button color="primary" shape="rounded" onClick={add}>
            添加
          </Button>
        </div>
        {keywords.length === 0 ? (
          <p className="bm-empty-line">还没有本小区的关键词。</p>
        ) : (
          <ul className="bm-keywords" aria-label="本小区关键词">
            {keywords.map((k) => (
              <li key={k} className="bm-keyword">
                <span>{k}</span>
                <button type="button" className="bm-keyword-remove" aria-label={`删除关键词“${k}”`} onClick={() => setKeywords(keywords.filter((x) => x !== k))}>
                  <CloseOutline />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="mg-card" aria-labelledby="bm-links-title">
        <h2 className="mg-card-title" id="bm-links-title">
          含链接的内容
        </h2>
        <Radio.Group value={links} onChange={(v) => setLinks(v as Links)}>
          <Space direction="vertical" block>
            <Radio block value="hold">
              先审核再显示（推荐：防止诈骗、广告链接）
            </Radio>
            <Radio block value="allow">
              直接显示
            </Radio>
          </Space>
        </Radio.Group>
      </section>
      <div className="bm-save">
        <Button block color="primary" size="large" shape="rounded" disabled={!dirty} loading={save.isPending} onClick={submit}>
          {dirty ? '保存设置' : '已保存'}
        </Button>
      </div>
    </>
  );
}
