import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { beijingDate } from '@sq/contract/beijing-time';
import { MATTER_LABELS, squareMetres } from '@sq/contract/polls/owners-rules';
import { MSG_POLL_NOT_FOUND, votePercent } from '@sq/contract/polls/poll-rules';
import { communityQuery } from '../../../lib/community-queries';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePollUnits } from '../api/owners-queries';
import { usePoll } from '../api/get-poll';
import { useProcedure } from '../api/procedure';
import { formatEndTime } from '../lib/picker-time';
import './poll-notice-page.css';

const pct = (value: number, of: number) => (of > 0 ? `${((value * 100) / of).toFixed(2)}%` : '—');

/**
 * /pollnotice?id=: the result as a notice (公告) to print on A4 and post in the lobby: the counts,
 * for an owners' vote each threshold of art. 278 met or not, and for an open owners' vote the
 * units and their choices as an annex. Before the deadline it says it is an interim count.
 */
export function PollNoticePage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const query = usePoll(id);
  const detail = query.data;
  const poll = detail?.poll;
  const owners = poll?.owners ?? null;
  const community = useQuery({ ...communityQuery(poll?.poiId ?? ''), enabled: Boolean(poll?.poiId) });
  const units = usePollUnits(id, Boolean(owners?.listed && !poll?.resultsHidden));
  // An owners' vote's issuer, officers and corrections (issue 37): the notice names and signs with them.
  const procedure = useProcedure(owners ? id : '');
  const p = procedure.data;
  useDocumentTitle(poll ? `${poll.title} 表决结果公告` : '结果公告');

  if (query.error) return <main className="pn-page pn-status">{query.error.message || MSG_POLL_NOT_FOUND}</main>;
  if (!poll) return <main className="pn-page pn-status" role="status">正在加载…</main>;
  if (poll.resultsHidden) return <main className="pn-page pn-status">结果将在投票截止后公布</main>;

  const total = poll.options.reduce((n, o) => n + o.votes, 0);
  const verdict = owners ? (owners.outcome === 'passed' ? '通过' : owners.outcome === 'failed' ? '未通过' : owners.passingNow ? '（统计中）目前可以通过' : '（统计中）目前尚未达到通过条件') : null;
  return (
    <main className="pn-page">
      <div className="pn-tools">
        <button type="button" className="pn-print" onClick={() => window.print()}>
          打印公告
        </button>
      </div>
      <article className="pn-sheet">
        <h1 className="pn-title">关于“{poll.title}”{owners ? '业主表决' : '投票'}结果的公告</h1>
        {!poll.expired && <p className="pn-interim">投票尚未截止（截止时间 {formatEndTime(poll.end_time)}），以下为截至打印时的统计，仅供参考。</p>}
        <p className="pn-text">
          {community.data?.community ? `${community.data.community}全体${owners ? '业主' : '居民'}：` : '各位居民：'}
        </p>
        <p className="pn-text pn-indent">
          “{poll.title}”{owners ? `（${owners.matterText ? `${owners.matterText}；` : ''}${MATTER_LABELS[owners.matter]}）` : ''}{poll.expired ? '已于' : '将于'} {formatEndTime(poll.end_time)} 截止，采用
          {poll.secret ? '无记名' : '记名'}方式{owners ? '，每户一票' : ''}。统计结果如下：
        </p>
        {poll.info && <p className="pn-text pn-indent">事项说明：{poll.info}</p>}
        {owners && (
          <p className="pn-text pn-indent pn-dates">
            公告日期：{beijingDate(new Date(owners.announced * 1000))}；表决时间：{formatEndTime(owners.start_time ?? owners.announced)} 至 {formatEndTime(poll.end_time)}；表决名册：以{' '}
            {beijingDate(new Date(owners.announced * 1000))} 房屋登记为准
            {owners.start_time ? '（表决开始前发生的房屋转让，由受让人表决）' : ''}
            {p?.corrections.length ? `；表决开始后依房屋登记更正名册${p.corrections.length}户（${p.corrections.map((c) => `${c.label}：${c.reason}`).join('；')}）` : ''}。
            {owners.extendReason ? `本表决已延期，理由：${owners.extendReason}。` : ''}
          </p>
        )}
        {owners ? (
          <>
            <table className="pn-table">
              <thead>
                <tr>
                  <th></th>
                  <th>户数</th>
                  <th>专有部分面积（㎡）</th>
                  <th>业主人数</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th>总计</th>
                  <td>{owners.total.units}</td>
                  <td>{owners.total.area}</td>
                  <td>{owners.total.owners}</td>
                </tr>
                <tr>
                  <th>参与表决</th>
                  <td>{owners.voted.units}</td>
                  <td>{owners.voted.area}</td>
                  <td>{owners.voted.owners}</td>
                </tr>
                {owners.options.map((o) => (
                  <tr key={o.option_id}>
                    <th>{poll.options.find((p) => p.option_id === o.option_id)?.title}</th>
                    <td>{o.units}</td>
                    <td>{o.area}</td>
                    <td>{o.owners}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <table className="pn-table">
              <thead>
                <tr>
                  <th>法定条件（民法典第二百七十八条）</th>
                  <th>要求</th>
                  <th>实际</th>
                  <th>结论</th>
                </tr>
              </thead>
              <tbody>
                {owners.thresholds.map((t) => (
                  <tr key={t.key}>
                    <th>{t.label}</th>
                    <td>{t.rule}</td>
                    <td>
                      {t.key.endsWith('Area') ? `${squareMetres(t.value)}㎡` : `${t.value}人`}（{pct(t.value, t.of)}）
                    </td>
                    <td>{t.met ? '达到' : '未达到'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="pn-verdict">表决结果：{verdict}</p>
            <p className="pn-text pn-indent pn-rules">
              计算说明：本次表决登记在册{owners.total.units}户，业主共{owners.total.owners}人。{owners.countRule}
              {owners.areaRule}本次面积来源：登记{owners.areaSources.registered}户，实测{owners.areaSources.surveyed}户，合同{owners.areaSources.contract}户
              {owners.areaSources.unknown ? `，未登记来源${owners.areaSources.unknown}户` : ''}。
              {/* With the tally only (a secret vote: after the deadline). */}
              {owners.channels && `按投票方式：线上${owners.channels.online}户，委托人代投${owners.channels.proxy}户，纸质票${owners.channels.paper}户（已作废的纸质票不计入）。`}
              {owners.areaRoundedTo ? `无记名表决的参与及各选项面积按${owners.areaRoundedTo}平方米取整公布，以免推知单户选择；是否通过按精确面积计算。` : ''}
            </p>
          </>
        ) : (
          <table className="pn-table">
            <thead>
              <tr>
                <th>选项</th>
                <th>票数</th>
                <th>占比</th>
              </tr>
            </thead>
            <tbody>
              {poll.options.map((o) => (
                <tr key={o.option_id}>
                  <th>{o.title}</th>
                  <td>{o.votes}</td>
                  <td>{votePercent(o.votes, total)}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="pn-text pn-indent">
          特此公告。
          {owners
            ? `对本表决有异议的，请于 ${p ? formatEndTime(p.objectionsUntil) : '结果公布后十五日内'} 前在本表决页面提出，或向${p?.issuer.committee ? '业主委员会' : '物业服务中心'}提出。`
            : '对统计结果有异议的，请于公告之日起七日内向发起人提出。'}
        </p>
        {owners ? (
          <div className="pn-sign">
            {(['counter', 'scrutineer'] as const).map((role) => {
              const named = p?.officers.filter((o) => o.role === role) ?? [];
              return (
                <p key={role}>
                  {role === 'counter' ? '计票人' : '监票人'}（签字）：
                  {named.length ? named.map((o) => <span key={o._id} className="pn-signer">{o.name} ____________</span>) : '____________'}
                </p>
              );
            })}
            <p>发布单位：{p?.issuer.name || community.data?.community || '表决组织者'}（盖章）</p>
            <p>
              结果日期：
              {owners.cancelled ? `${beijingDate(new Date(owners.cancelled.at * 1000))}（已取消）` : poll.expired ? beijingDate(new Date(poll.end_time * 1000)) : '表决尚未截止'}
            </p>
          </div>
        ) : (
          <p className="pn-sign">
            {community.data?.community ?? ''}
            <br />
            {beijingDate(new Date())}
          </p>
        )}
        {units.data && (
          <section className="pn-annex">
            <h2>附：每户表决情况</h2>
            <table className="pn-table pn-units">
              <thead>
                <tr>
                  <th>房屋</th>
                  <th>面积（㎡）</th>
                  <th>意见</th>
                </tr>
              </thead>
              <tbody>
                {units.data.units.map((u) => (
                  <tr key={u.label}>
                    <td>{u.label}</td>
                    <td>{u.area}</td>
                    <td>{u.choice ?? '未投票'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </article>
    </main>
  );
}
