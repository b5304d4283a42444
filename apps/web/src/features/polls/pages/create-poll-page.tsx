import { useRef, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Input from 'antd-mobile/es/components/input';
import Result from 'antd-mobile/es/components/result';
import TextArea from 'antd-mobile/es/components/text-area';
import Toast from 'antd-mobile/es/components/toast';
import { useNavigate, useSearchParams } from 'react-router';
import { parseBeijingMinute } from '@sq/contract/beijing-time';
import { ZCreatePollBody } from '@sq/contract/polls/create-poll';
import {
  CREATE_MULTIPLE_TITLE,
  CREATE_SINGLE_TITLE,
  deadlineProblem,
  MSG_END_TIME_INVALID,
  POLL_INFO_MAX,
  POLL_TITLE_MAX,
  PollType,
} from '@sq/contract/polls/poll-rules';
import { WebRoute } from '@sq/contract/routes';
import { useCommunity } from '../../../lib/community-queries';
import { getNativeToken, postToHost } from '../../../lib/native-bridge';
import { StorageKey } from '../../../lib/storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useStoredValue } from '../../../lib/use-stored-value';
import { useCreatePoll } from '../api/create-poll';
import { DeadlineField } from '../components/deadline-field';
import { OptionEditor, type DraftOption } from '../components/option-editor';
import { askLogin } from '../lib/ask-login';
import './create-poll-page.css';

/**
 * /svote?title=创建单选投票|创建多选投票 (spec §2, §4, §5); `poiId` (from /vote) offers to publish it
 * to that community, where its residents find it.
 */
export function CreatePollPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const single = params.get('title') === CREATE_SINGLE_TITLE;
  const pageTitle = single ? CREATE_SINGLE_TITLE : CREATE_MULTIPLE_TITLE;
  useDocumentTitle(pageTitle);

  const token = useStoredValue(StorageKey.token);
  const [nativeToken] = useState(getNativeToken);
  const create = useCreatePoll();
  const keys = useRef(2);
  const [title, setTitle] = useState('');
  const [info, setInfo] = useState('');
  const [options, setOptions] = useState<DraftOption[]>([
    { key: 0, title: '' },
    { key: 1, title: '' },
  ]);
  const [endTime, setEndTime] = useState('');
  const [secret, setSecret] = useState(false);
  const [hideResults, setHideResults] = useState(false);
  const poiId = params.get('poiId');
  const community = useCommunity(poiId);
  const [publish, setPublish] = useState(true);
  const publishTo = poiId && publish ? poiId : undefined;
  const [created, setCreated] = useState<{ _id: string; title: string } | null>(null);

  const submit = () => {
    const body = {
      title,
      info,
      options: options.map((o) => ({ title: o.title })),
      end_time: endTime,
      type: single ? PollType.single : PollType.multiple,
      secret,
      hideResults,
      ...(publishTo ? { poiId: publishTo } : {}),
    };
    // The contract's own rules, in the spec's order, before anything is sent.
    const parsed = ZCreatePollBody.safeParse(body);
    if (!parsed.success) return void Toast.show({ content: parsed.error.issues[0]?.message ?? MSG_END_TIME_INVALID });
    const end = parseBeijingMinute(parsed.data.end_time);
    const problem = end ? deadlineProblem(end, new Date()) : MSG_END_TIME_INVALID;
    if (problem) return void Toast.show({ content: problem });
    create.mutate(body, {
      onSuccess: ({ poll }) => {
        // Spec §4: the new poll goes to the host (native app or parent page); with no host the
        // person simply sees it.
        if (postToHost({ type: 'pollCreated', id: poll._id, title: poll.title })) setCreated(poll);
        else {
          Toast.show({ icon: 'success', content: '投票创建成功' });
          navigate(`${WebRoute.poll}?id=${encodeURIComponent(poll._id)}`, { replace: true });
        }
      },
    });
  };

  if (created) {
    return (
      <main className="create-poll">
        <Result status="success" title="投票已创建" description={created.title} />
        <div className="create-poll-actions">
          <Button block color="primary" shape="rounded" onClick={() => navigate(`${WebRoute.poll}?id=${encodeURIComponent(created._id)}`)}>
            查看投票
          </Button>
        </div>
      </main>
    );
  }

  return (
    <main className="create-poll">
      <header className="create-poll-header">
        <h1 className="create-poll-title">{pageTitle}</h1>
        <p className="create-poll-subtitle">{single ? '每人只能选择一项' : '每人可以选择多项'}</p>
      </header>

      {!token && !nativeToken ? (
        <section className="create-poll-card create-poll-login">
          <p>登录后即可发起投票</p>
          <Button block color="primary" shape="rounded" onClick={askLogin}>
            去登录
          </Button>
        </section>
      ) : (
        <>
          <section className="create-poll-card" aria-label="投票内容">
            <Input className="create-poll-name" placeholder="请输入投票标题" aria-label="投票标题" maxLength={POLL_TITLE_MAX} value={title} onChange={setTitle} />
            <TextArea
              className="create-poll-info"
              placeholder="投票描述（选填）"
              aria-label="投票描述"
              maxLength={POLL_INFO_MAX}
              autoSize={{ minRows: 3, maxRows: 8 }}
              value={info}
              onChange={setInfo}
            />
          </section>

          <section className="create-poll-card" aria-label="选项">
            <h2 className="create-poll-section">投票选项</h2>
            <OptionEditor options={options} onChange={setOptions} nextKey={() => keys.current++} />
          </section>

          <section className="create-poll-card">
            <DeadlineField value={endTime} onChange={setEndTime} />
          </section>

          <section className="create-poll-card create-poll-settings" aria-label="投票设置">
            {poiId && community.data && (
              <Checkbox checked={publish} onChange={setPublish}>
                发布到{community.data.community}
                <small>本小区居民可以在「社区投票」里看到并参与；不勾选则只有收到链接的人能看到</small>
              </Checkbox>
            )}
            <Checkbox checked={secret} onChange={setSecret}>
              无记名投票
              <small>谁投了什么无人可知，投票人凭回执码核对自己的票已计入</small>
            </Checkbox>
            <Checkbox checked={hideResults} onChange={setHideResults}>
              截止后再公布结果
              <small>投票期间所有人（包括你）都看不到票数</small>
            </Checkbox>
          </section>

          <div className="create-poll-actions">
            <Button block color="primary" size="large" shape="rounded" loading={create.isPending} onClick={submit}>
              完成
            </Button>
          </div>
        </>
      )}
    </main>
  );
}
