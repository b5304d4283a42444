import type { ReactNode } from 'react';
import { NavBar } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import './page-header.css';

/**
 * The green title bar of the residents' screens. Back goes back when there is somewhere to go
 * back to in this app, else home (a screen opened from a shared link has no history).
 */
export function PageHeader({ title, right, onBack }: { title: ReactNode; right?: ReactNode; onBack?: () => void }) {
  const navigate = useNavigate();
  const back = () => {
    if (onBack) onBack();
    else if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate(WebRoute.home, { replace: true });
  };
  return <NavBar className="sq-page-header" onBack={back} right={right} backIcon backArrow>{title}</NavBar>;
}
