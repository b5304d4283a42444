import type { ReactNode } from 'react';
import NavBar from 'antd-mobile/es/components/nav-bar';
import { LeftOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import './page-header.css';

/**
 * The green title bar of the residents' screens. Back goes back when there is somewhere to go
 * back to in this app, else home (a screen opened from a shared link has no history). `heading`:
 * the title is the page's h1 (for screens without one of their own).
 */
export function PageHeader({ title, right, onBack, heading = false }: { title: ReactNode; right?: ReactNode; onBack?: () => void; heading?: boolean }) {
  const navigate = useNavigate();
  const back = () => {
    if (onBack) onBack();
    else if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate(WebRoute.home, { replace: true });
  };
  // The back control is antd-mobile's div with the button role: the hidden text is its name.
  const backIcon = (
    <>
      <LeftOutline aria-hidden="true" />
      <span className="sq-visually-hidden">返回</span>
    </>
  );
  return (
    <NavBar className="sq-page-header" onBack={back} right={right} backIcon={backIcon}>
      {heading ? <h1 className="sq-page-title">{title}</h1> : title}
    </NavBar>
  );
}
