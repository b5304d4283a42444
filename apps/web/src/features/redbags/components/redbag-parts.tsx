import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { WebRoute } from '@sq/contract/routes';
import { PageHeader } from '../../../components/page-header';

/** The page frame of every 红包 screen: the green title bar and the pale body. */
export function RedbagFrame({ title, right, children }: { title: string; right?: ReactNode; children: ReactNode }) {
  return (
    <main className="rb-page">
      <PageHeader title={title} heading right={right} />
      <div className="rb-body">{children}</div>
    </main>
  );
}

/** Not logged in: say why and go to log in, coming back here. */
export function LoginFirst({ what, back }: { what: string; back: string }) {
  return (
    <section className="rb-card" role="alert">
      <p className="rb-refusal">登录后{what}</p>
      <p className="rb-muted">
        <Link className="rb-link" to={`${WebRoute.login}?referer=${encodeURIComponent(back)}`}>
          去登录
        </Link>
      </p>
    </section>
  );
}

/** A refusal or failure in the page's own words. */
export function Refusal({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <section className="rb-card" role="alert">
      <p className="rb-refusal">{message}</p>
      {children}
    </section>
  );
}

export const redbagLinks = {
  packet: (id: string) => `${WebRoute.redbag}?id=${encodeURIComponent(id)}`,
  share: (id: string) => `${WebRoute.redbagShare}?id=${encodeURIComponent(id)}`,
};
