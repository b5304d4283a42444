import { Link } from 'react-router';
import { WebRoute } from '@sq/contract/routes';

/** Bottom links of the pass page (spec §2): 微社区, 个人信息, 技术支持; and 我的信息 (PIPL rights), 消息. */
export function PassLinks({ poiId, openId }: { poiId: string; openId: string }) {
  const q = (v: string) => encodeURIComponent(v);
  return (
    <nav className="pass-links" aria-label="更多">
      <Link to={`${WebRoute.home}?poiId=${q(poiId)}`}>微社区</Link>
      <Link to={`${WebRoute.registrationDetail}?poiId=${q(poiId)}&openId=${q(openId)}&type=user`}>个人信息</Link>
      <Link to={`${WebRoute.myData}?poiId=${q(poiId)}`}>我的信息</Link>
      <Link to={WebRoute.notices}>消息</Link>
      <Link to={WebRoute.support}>技术支持</Link>
    </nav>
  );
}
