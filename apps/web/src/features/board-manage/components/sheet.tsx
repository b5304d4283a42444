import type { ReactNode } from 'react';
import Popup from 'antd-mobile/es/components/popup';
import './sheets.css';

/** A bottom sheet of 邻里圈管理 (删除, 禁言, 置顶): a title, what it is about, the form. */
export function Sheet({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="bm-sheet" destroyOnClose>
      <section role="dialog" aria-label={title}>
        <h2 className="bm-sheet-title">{title}</h2>
        {children}
      </section>
    </Popup>
  );
}

/** The text a sheet acts on, shortened: staff see what they are about to remove or pin. */
export function SheetQuote({ children }: { children: ReactNode }) {
  return <blockquote className="bm-sheet-quote">{children}</blockquote>;
}
