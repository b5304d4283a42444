import type { ReactNode } from 'react';
import { LeftOutline } from 'antd-mobile-icons';
import { useLocation, useNavigate } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import './manage-ui.css';

interface Props {
  title: string;
  /** A line under the title, usually the community's name. */
  subtitle?: ReactNode;
  right?: ReactNode;
  /** Where back goes when this screen was opened first (a shared link, a bookmark). */
  fallback?: string;
  /** Leaves room under the band for the first card to ride up over it. */
  overlap?: boolean;
  children?: ReactNode;
}

/** The green band of the management screens: back arrow, title, community and actions. */
export function ManageHeader({ title, subtitle, right, fallback = WebRoute.home, overlap = false, children }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  // React Router keys the first entry of a fresh tab 'default': there is nothing to go back to.
  const back = () => (location.key === 'default' ? navigate(fallback, { replace: true }) : navigate(-1));
  return (
    <header className={`mg-header${overlap ? ' mg-header-overlap' : ''}`}>
      <div className="mg-nav">
        <button type="button" className="mg-nav-side mg-back" aria-label="返回" onClick={back}>
          <LeftOutline fontSize={20} />
        </button>
        <h1 className="mg-nav-title">{title}</h1>
        <div className="mg-nav-side mg-nav-right">{right}</div>
      </div>
      {subtitle && <p className="mg-subtitle">{subtitle}</p>}
      {children}
    </header>
  );
}

/** Where a screen of one community goes back to when opened directly: its management centre. */
export function centreOf(poiId: string): string {
  return `${WebRoute.manageCentre}?poiId=${encodeURIComponent(poiId)}`;
}
