import { useNavigate } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { HeaderLinks } from './header-links';

/**
 * /stick's title bar: back, 邻里圈, search and 我的. Plain markup in PageHeader's colours and
 * behaviour: antd-mobile's NavBar is ~4 KB of /stick's first-load budget.
 */
export function BoardHeader({ ownOpenId }: { ownOpenId: string | null }) {
  const navigate = useNavigate();
  const back = () => {
    if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate(WebRoute.home, { replace: true });
  };
  return (
    <header className="bd-head">
      <button type="button" className="bd-head-back" onClick={back}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="sq-visually-hidden">返回</span>
      </button>
      <h1 className="bd-head-title">邻里圈</h1>
      <HeaderLinks ownOpenId={ownOpenId} />
    </header>
  );
}
