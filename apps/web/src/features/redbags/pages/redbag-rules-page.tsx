import { REDBAG_MAX_SHARES, REDBAG_MIN_SHARES } from '@sq/contract/redbags/redbag-rules';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { RedbagFrame } from '../components/redbag-parts';
import '../redbags.css';

/** /redbag/playinfo: the rules of red packets, as the product does them. */
export function RedbagRulesPage() {
  useDocumentTitle('红包玩法');
  return (
    <RedbagFrame title="红包玩法">
      <article className="rb-card rb-rules">
        <h2>红包是什么</h2>
        <p>红包由周边商家出资，里面是该商家的优惠券，不是现金，不能提现或兑换现金。</p>
        <h2>怎么领</h2>
        <ol>
          <li>在“红包”页选择本社区正在进行的红包活动，点“领红包”。每人每个活动只能领一个红包。</li>
          <li>每个红包拆成 {REDBAG_MIN_SHARES}–{REDBAG_MAX_SHARES} 份（由商家设定），金额随机（拼手气），每份至少 ¥0.01，最多不超过平均每份的两倍，所有份额加起来正好是红包的金额。</li>
          <li>领红包时第一份立即归您，其余份额分享给邻居来拆。</li>
        </ol>
        <h2>谁能拆</h2>
        <p>该活动所覆盖社区的居民（出入登记审核通过或房屋登记的业主）都可以拆，每人每个红包只能拆一次；份额拆完即显示“红包已被领完”。活动结束后不能再领或拆。</p>
        <h2>怎么用</h2>
        <p>拆到的金额自动成为一张满减券，放在“我的优惠券”里，在有效期内到该商家消费时出示核销；若商家设了使用门槛，消费满门槛才能用。</p>
        <h2>分享后能看到什么</h2>
        <p>分享人可以看到谁拆了自己的红包：只显示邻居的昵称和拆到的金额。</p>
      </article>
    </RedbagFrame>
  );
}
