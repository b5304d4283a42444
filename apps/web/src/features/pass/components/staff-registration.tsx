import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { Link } from 'react-router';
import { Code } from '@sq/contract/envelope';
import { CODE_UNKNOWN_ADVICE } from '@sq/contract/pass/get-registration-detail';
import { PassType } from '@sq/contract/pass/pass-type';
import { RegistrationStatus } from '@sq/contract/pass/registration-schemas';
import { returnReasonsFor, REVOKE_REASONS } from '@sq/contract/pass/review-reasons';
import { WebRoute } from '@sq/contract/routes';
import { CARD_TYPE_LABEL, type CardType } from '@sq/contract/documents/document-types';
import { visitWindowText } from '@sq/contract/visits/visit-window';
import { ApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { registrationQuery, scanQuery, useReview } from '../api/registration-detail';
import { directionLabel } from '../lib/pass-display';
import { reviewVerb } from '../lib/review-label';
import { formatUnix } from '../lib/time-format';
import { InfoRows } from './info-rows';
import { PassHeader } from './pass-header';
import { ReasonPopup } from './reason-popup';
import { registrationRows } from './registration-rows';
import { ResultPanel } from './result-panel';
import { StatusTag } from './status-tag';

interface Props {
  poiId: string;
  code: string;
  id: string;
  openId?: string;
  pass: number;
}

const PRIVACY = '请保护用户隐私，不得非法复制、传播或使用用户信息';

/** Why a scan or a record could not be shown, as a page the staff member cannot overlook. */
function failureTitle(error: Error, scanning: boolean): string {
  if (!(error instanceof ApiError)) return '网络不可用';
  if (error.code === Code.forbidden) return '无权查看';
  if (error.code === Code.notFound) return scanning ? '通行码无效' : '记录不存在';
  return scanning ? '核验未通过' : '无法查看';
}

/** The line under the title: what to do, never the title said again (a forged code's 通行码无效). */
function failureText(error: Error, scanning: boolean): string {
  if (scanning && error instanceof ApiError && error.code === Code.notFound) return CODE_UNKNOWN_ADVICE;
  return error.message;
}

/**
 * The staff view of one registration (spec §2 /xxdetail): the scan result, everything the person
 * entered (whole mobile and ID number, audited on the server), the review history and the actions
 * that the status allows.
 */
export function StaffRegistration({ poiId, code, id, openId, pass }: Props) {
  useDocumentTitle('登记详情');
  const scanning = code !== '' && id === '';
  const scan = useQuery({ ...scanQuery({ poiId, code, openId, pass }), enabled: scanning });
  // After a review the record is read again by its id: the scanned code is used up.
  const [recordId, setRecordId] = useState(scanning ? '' : id);
  const record = useQuery({ ...registrationQuery(poiId, recordId), enabled: recordId !== '' });
  const review = useReview(setRecordId);

  const detail = record.data ?? scan.data;
  const failure = recordId ? record.error : scan.error;
  const card = detail?.userCard;
  const scanned = scan.data?.scan;
  // An invited visitor's pass: who invited them and what the invitation allows; nothing to review.
  const visit = recordId ? undefined : scan.data?.visit;

  /** 退回 and 撤销 ask for a reason first (the person is told it); 通过 goes at once. */
  const [asking, setAsking] = useState<'return' | 'revoke' | null>(null);
  const act = (status: 1 | -1, reason?: string) => {
    if (!card) return;
    setAsking(null);
    review.mutate({ poiId, id: card._id, status, ...(reason ? { reason } : {}), ...(scanning && status === -1 ? { code, openId, pass } : {}) });
  };

  let body;
  if (failure && !detail) {
    body = (
      <section className="pass-card">
        <ResultPanel tone="error" title={failureTitle(failure, scanning)} description={failureText(failure, scanning)}>
          {failure instanceof ApiError && failure.code === Code.forbidden ? (
            // Not staff here: the management centre would refuse them too.
            <Link className="pass-button" to={`${WebRoute.home}?poiId=${encodeURIComponent(poiId)}`}>
              返回首页
            </Link>
          ) : (
            <Link className="pass-button" to={`${WebRoute.manageCentre}?poiId=${encodeURIComponent(poiId)}`}>
              返回管理中心
            </Link>
          )}
        </ResultPanel>
      </section>
    );
  } else if (!card) {
    body = (
      <section className="pass-card">
        <p className="detail-loading" role="status">
          {scanning ? '正在核验…' : '正在加载…'}
        </p>
      </section>
    );
  } else {
    body = (
      <>
        {scanned && (
          <section className={`scan-banner scan-banner-${scanned.pass === 2 ? 'out' : 'in'}`} role="status" data-testid="scan-banner">
            <p className="scan-banner-word">已登记 {scanned.pass === 2 ? '离开' : '进入'}</p>
            <p className="scan-banner-line">
              {card.name} · {directionLabel(scanned.pass)} · {formatUnix(scanned.at)}
            </p>
          </section>
        )}
        {scanned?.repeat && (
          <p className="scan-warning" role="alert" data-testid="scan-repeat">
            此通行码刚刚已核验过，本次未重复记录。如对方再次通行，请让其刷新通行证。
          </p>
        )}
        {scanned?.ptype === PassType.returned && (
          <p className="scan-warning" role="alert" data-testid="scan-returned">
            注意：此人14天内返京{scanned.backDay !== null ? `（已返京${scanned.backDay}天）` : ''}，请按社区要求核查后放行。
          </p>
        )}
        {visit && (
          <section className="pass-card" data-testid="scan-visit">
            <div className="detail-head">
              <h2 className="pass-card-title">受邀访客</h2>
            </div>
            <InfoRows
              rows={[
                { label: '姓名', value: card.name },
                { label: '手机号', value: card.mobile },
                { label: '证件', value: card.card ? `${CARD_TYPE_LABEL[card.cardType as CardType] ?? ''} ${card.card}` : '未填写（本社区免填）' },
                { label: '邀请人', value: `${visit.inviter} · ${visit.inviterAddress}` },
                { label: '来访时间', value: visitWindowText(new Date(visit.start * 1000), new Date(visit.end * 1000)) },
                { label: '进入次数', value: `已进入 ${visit.entriesUsed} / ${visit.entries} 次` },
                { label: '车牌', value: card.plates.join('、') },
              ]}
            />
          </section>
        )}
        {!visit && (
          <section className="pass-card">
            <div className="detail-head">
              <h2 className="pass-card-title">登记信息</h2>
              <StatusTag status={card.status} revoked={card.revoked} />
            </div>
            <InfoRows rows={[...registrationRows(card), { label: '车牌', value: card.plates.join('、') }]} />
          </section>
        )}
        {card.reviews.length > 0 && (
          <section className="pass-card">
            <h2 className="pass-card-title">审核记录</h2>
            <ol className="review-list">
              {card.reviews.map((r) => (
                <li key={`${r.at}-${r.to}-${r.by}`}>
                  <span>
                    {r.by} {reviewVerb(r.from, r.to)}
                    {r.reason && <span className="review-reason">原因：{r.reason}</span>}
                  </span>
                  <time>{formatUnix(r.at)}</time>
                </li>
              ))}
            </ol>
          </section>
        )}
        <div className="detail-actions detail-actions-staff">
          {!visit && card.status === RegistrationStatus.pending && (
            <>
              <Button block color="primary" size="large" shape="rounded" loading={review.isPending} onClick={() => act(1)}>
                通过
              </Button>
              <Button block color="danger" fill="outline" size="large" shape="rounded" disabled={review.isPending} onClick={() => setAsking('return')}>
                退回
              </Button>
            </>
          )}
          {!visit && card.status === RegistrationStatus.approved && (
            <Button block color="danger" fill="outline" size="large" shape="rounded" loading={review.isPending} onClick={() => setAsking('revoke')}>
              撤销通行证
            </Button>
          )}
          {card.status === RegistrationStatus.returned && (
            <p className="detail-note">
              {card.revoked ? '通行证已撤销，对方需重新提交登记并经审核通过后才能通行。' : '已退回，等待对方修改后重新提交。'}
              {card.returnReason && <span className="review-reason">原因：{card.returnReason}</span>}
            </p>
          )}
        </div>
        <ReasonPopup
          title={asking === 'revoke' ? `撤销 ${card.name} 的通行证` : `退回 ${card.name} 的登记`}
          confirmText={asking === 'revoke' ? '确定撤销' : '确定退回'}
          reasons={asking === 'revoke' ? REVOKE_REASONS : returnReasonsFor(card.cardType)}
          visible={asking !== null}
          onClose={() => setAsking(null)}
          onConfirm={(reason) => act(-1, reason)}
        />
      </>
    );
  }

  return (
    <main className="pass-screen staff-detail">
      <PassHeader title="登记详情" fallback={`${WebRoute.manageCentre}?poiId=${encodeURIComponent(poiId)}`}>
        <p className="detail-community">{card?.community ?? ''}</p>
      </PassHeader>
      <p className="privacy-banner privacy-banner-top" role="note">
        {PRIVACY}
      </p>
      {body}
    </main>
  );
}
