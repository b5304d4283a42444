import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBatch } from '../api/coupon-queries';
import './coupons.css';

/** /crules?id= – a batch's own rules; /crules – how coupons work here (only what the app does). */
export function CouponRulesPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  useDocumentTitle('优惠券规则');
  return (
    <main className="cp-page">
      <PageHeader title="优惠券规则" heading />
      {id ? <BatchRules id={id} /> : <HowCouponsWork />}
    </main>
  );
}

function BatchRules({ id }: { id: string }) {
  const batch = useBatch(id);
  const b = batch.data?.batch;
  if (batch.isError) return <p className="cp-problem">{batch.error.message}</p>;
  if (!b) return null;
  return (
    <section className="cp-rules">
      <h2>
        {b.merchant.name} · {b.title}
      </h2>
      <p>{b.face}</p>
      <p>
        每人限领 {b.perPerson} 张，领取后 {b.validDays} 天内有效（至最后一天北京时间 24 点），每张券只能使用一次。
      </p>
      {b.rules ? <p className="cp-pre">{b.rules}</p> : <p>商家未另行规定使用规则。</p>}
      <HowCouponsWork />
    </section>
  );
}

function HowCouponsWork() {
  return (
    <section className="cp-rules" aria-label="优惠券怎么用">
      <h2>优惠券怎么用</h2>
      <ol>
        <li>周边已通过审核的商家发布优惠券，您在所在社区领取（需已加入该社区：通行证审核通过或房屋登记）。每批券数量有限，领完为止；每人限领张数由商家设定，部分券仅限一定会员等级及以上领取。</li>
        <li>领取后在“我的优惠券”中查看，分为未使用、已使用、已过期。有效期自领取当天起算，到最后一天北京时间 24 点为止。</li>
        <li>到店消费时打开这张优惠券，向店员出示二维码，店员扫码核销。二维码由您的手机生成，每 30 秒更新一次，截图或照片过后即失效。</li>
        <li>打开过一次的优惠券，手机没有网络时也能出示；店里没有网络时，店员也能核销，联网后自动上传。</li>
        <li>每张优惠券只能核销一次，只能在发券的商家使用。商家停止发放后，已领取的券在有效期内仍可使用。</li>
        <li>核销时商家只能看到您的昵称和打码后的手机号。</li>
      </ol>
    </section>
  );
}
