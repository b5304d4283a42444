import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import Selector from 'antd-mobile/es/components/selector';
import TextArea from 'antd-mobile/es/components/text-area';
import Toast from 'antd-mobile/es/components/toast';
import { ART278_ITEM_NUMBERS, ART278_ITEMS, itemCitation, MATTER_LABELS, matterOfItem, type Art278Item } from '@sq/contract/polls/owners-rules';
import { beijingDate } from '@sq/contract/beijing-time';
import type { CreatePollBody } from '@sq/contract/polls/create-poll';
import { POLL_INFO_MAX, POLL_TITLE_MAX } from '@sq/contract/polls/poll-rules';
import { DeadlineField } from './deadline-field';
import './owners-vote-form.css';

/** What the form hands over: the create endpoint's body without what the caller adds (poiId, owners). */
export type OwnersVoteBody = Omit<CreatePollBody, 'owners' | 'poiId' | 'options' | 'type'>;

/** Civil Code art. 278's nine items in the law's words; the threshold follows from the item. */
const ITEMS = ART278_ITEM_NUMBERS.map((n) => ({ label: `（${n}）${ART278_ITEMS[n]}`, value: n, description: matterOfItem(n) ? '四分之三以上同意' : '过半数同意' }));
/** The first day voting may open: a full notice period (the community's setting) after today, at 08:00 Beijing time. */
const firstStartDay = (days: number) => beijingDate(new Date(Date.now() + (days + 1) * 86_400_000));
const startsFor = (days: number) => [
  { label: '公告期满后开始', value: 'notice', description: `公告之日起满${days}天（本小区公告期）` },
  { label: '发起后立即开始', value: 'now', description: '仅用于已另行公告的表决' },
];
const BALLOTS = [
  { label: '记名投票', value: 'open', description: '业主可查阅每户选择' },
  { label: '无记名投票', value: 'secret', description: '谁投了什么无人可知，投票人凭回执核对' },
];
const RESULTS = [
  { label: '实时公布', value: 'live' },
  { label: '截止后公布', value: 'after' },
];

interface Props {
  /** The community's notice period (days): the first day voting may open. */
  noticeDays: number;
  /** The issuing body as the notice prints it, shown as 以…名义发起 (omitted: not shown). */
  issuer?: string;
  /** The create call is under way: the submit button spins and cannot be pressed twice. */
  pending: boolean;
  onSubmit: (body: OwnersVoteBody) => void;
  onCancel: () => void;
  className?: string;
}

/**
 * Starting an owners' vote (业主表决): the matter in art. 278's words, when voting opens, the
 * deadline, the ballot and when results show. Shared by the management screen and the committee
 * member's /ownervotestart; the caller owns the create call, so each keeps its own caches and
 * where it goes next.
 */
export function OwnersVoteForm({ noticeDays, issuer, pending, onSubmit, onCancel, className }: Props) {
  const [title, setTitle] = useState('');
  const [info, setInfo] = useState('');
  const [endTime, setEndTime] = useState('');
  const [item, setItem] = useState<Art278Item | null>(null);
  const [starts, setStarts] = useState('notice');
  const [startDay, setStartDay] = useState<string | null>(null);
  const startOn = startDay ?? firstStartDay(noticeDays);
  const [ballot, setBallot] = useState('open');
  const [results, setResults] = useState('live');

  const submit = () => {
    if (!title.trim()) return void Toast.show({ content: '请输入表决事项' });
    if (!endTime) return void Toast.show({ content: '请选择截止时间' });
    if (!item) return void Toast.show({ content: '请选择表决事项（民法典第二百七十八条所列事项）' });
    onSubmit({
      title: title.trim(),
      info: info.trim(),
      end_time: endTime,
      ...(starts === 'notice' ? { start_time: `${startOn} 08:00` } : {}),
      matter: matterOfItem(item),
      matterItem: item,
      secret: ballot === 'secret',
      hideResults: results === 'after',
    });
  };

  return (
    <Form
      className={`ov-form${className ? ` ${className}` : ''}`}
      layout="vertical"
      onFinish={submit}
      footer={
        <div className="ov-form-actions">
          <Button block type="submit" color="primary" size="large" shape="rounded" loading={pending}>
            发起表决
          </Button>
          <Button block size="large" shape="rounded" onClick={onCancel}>
            取消
          </Button>
        </div>
      }
    >
      {issuer && (
        <Form.Header>
          <span className="ov-issuer">以{issuer}名义发起</span>
        </Form.Header>
      )}
      <Form.Item label="表决事项">
        <Input placeholder="如：续聘XX物业服务企业" maxLength={POLL_TITLE_MAX} value={title} onChange={setTitle} />
      </Form.Item>
      <Form.Item label="说明（选填）">
        <TextArea placeholder="表决内容、方案要点" maxLength={POLL_INFO_MAX} autoSize={{ minRows: 2, maxRows: 5 }} value={info} onChange={setInfo} />
      </Form.Item>
      <Form.Item label="表决开始">
        <Selector columns={2} options={startsFor(noticeDays)} value={[starts]} onChange={(v) => v[0] && setStarts(v[0])} />
        {starts === 'notice' && (
          <label className="ov-start-day">
            开始日期（当天08:00起）
            <input type="date" min={firstStartDay(noticeDays)} value={startOn} onChange={(e) => setStartDay(e.target.value || null)} />
          </label>
        )}
      </Form.Item>
      <Form.Item label="截止时间（北京时间）">
        <DeadlineField value={endTime} onChange={setEndTime} />
      </Form.Item>
      <Form.Item label="法定事项（民法典第二百七十八条）">
        <Selector className="ov-items" columns={1} options={ITEMS} value={item ? [item] : []} onChange={(v) => setItem(v[0] ?? null)} />
        <p className="ov-note" role="status">
          {item ? `${itemCitation(item)}。${MATTER_LABELS[matterOfItem(item)]}` : '请选择本次表决属于哪一项，通过条件由法律规定'}
        </p>
      </Form.Item>
      <Form.Item label="投票方式">
        <Selector columns={2} options={BALLOTS} value={[ballot]} onChange={(v) => v[0] && setBallot(v[0])} />
      </Form.Item>
      {ballot === 'secret' ? (
        <p className="ov-note">无记名投票截止后才公布结果（包括管理人员），各选项面积按10平方米取整公布。</p>
      ) : (
        <Form.Item label="结果公布">
          <Selector columns={2} options={RESULTS} value={[results]} onChange={(v) => v[0] && setResults(v[0])} />
        </Form.Item>
      )}
      <p className="ov-note">
        每户一票（同意、反对、弃权），按发起时的房屋登记计票：共有人中先投的一票有效。须专有部分面积和业主人数均三分之二以上参与表决；业主人数按司法解释第九条计算（同一业主多套房屋按一人，开发建设单位未售房屋合计一人）。
      </p>
    </Form>
  );
}
