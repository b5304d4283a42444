import { useRef, useState, type ReactNode } from 'react';
import Button from 'antd-mobile/es/components/button';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { AddOutline, DownlandOutline, UploadOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { XLSX_TYPE } from '@sq/contract/manage/export';
import { UNITS_TEMPLATE_PATH } from '@sq/contract/units/import-units';
import type { UnitRow } from '@sq/contract/units/list-units';
import { AREA_SOURCE_SHORT, type AreaSource } from '@sq/contract/polls/owners-count';
import { WebRoute } from '@sq/contract/routes';
import { EmptyState } from '../../../components/empty-state';
import { communityQuery } from '../../../lib/community-queries';
import { API_BASE } from '../../../lib/login-handoff';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useImportUnits, useUnits } from '../api/units';
import { LoadFailure, MissingCommunity } from '../components/load-failure';
import { centreOf, ManageHeader } from '../components/manage-header';
import { UnitFormPopup } from '../components/unit-form-popup';
import { UnitImportPopup } from '../components/unit-import-popup';
import '../components/manage-ui.css';
import './units-page.css';

/** 房屋登记 (/units?poiId=): the units, their area and owners that owners' votes are counted by. */
export function UnitsPage() {
  useDocumentTitle('房屋登记');
  const [params] = useSearchParams();
  const poiId = params.get('poiId') ?? '';
  const [keyword, setKeyword] = useState('');
  const units = useUnits(poiId, keyword);
  const community = useQuery({ ...communityQuery(poiId), enabled: poiId !== '' });
  const importer = useImportUnits(poiId);
  const fileInput = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState<UnitRow | null | undefined>(undefined);
  const [checked, setChecked] = useState<Parameters<typeof UnitImportPopup>[0]['checked']>(null);

  const onFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    // A file without a type (some Android pickers) is sent as bytes; the server checks what it is.
    importer.mutate({ file, commit: false, skipBad: false }, { onSuccess: (preview) => setChecked({ file, preview }) });
  };

  const first = units.data?.pages[0];
  const rows = units.data?.pages.flatMap((p) => p.units) ?? [];
  let body: ReactNode;
  if (!poiId) body = <MissingCommunity />;
  else if (units.error) body = <LoadFailure error={units.error} onRetry={() => void units.refetch()} />;
  else if (!first) body = <p className="mg-loading" role="status">正在加载…</p>;
  else if (rows.length === 0) {
    body = (
      <div className="mg-card">
        <EmptyState title={keyword ? '没有找到这户' : '还没有登记房屋'}>{!keyword && '可下载模板（每位业主一行，共有人填在相邻的行）填好后导入，或逐户添加'}</EmptyState>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="mg-list" aria-label="房屋列表">
          {rows.map((u) => (
            <li key={u._id}>
              <button type="button" className="mg-row un-row" onClick={() => setEditing(u)}>
                <span className="un-label">{u.label}</span>
                <span className="un-area mg-num">{u.area} ㎡</span>
                <span className="un-owners mg-num">
                  {u.persons.length
                    ? u.persons.map((p) => `${p.developer ? '开发建设单位 ' : ''}${p.name}${p.mobile ? ` ${p.mobile}` : ''}`).join('、')
                    : u.owners.length
                      ? u.owners.join('、')
                      : '未登记业主'}
                  {u.areaSource ? ` · 面积${AREA_SOURCE_SHORT[u.areaSource as AreaSource]}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {units.hasNextPage && (
          <Button className="un-more" block fill="none" loading={units.isFetchingNextPage} onClick={() => void units.fetchNextPage()}>
            加载更多
          </Button>
        )}
      </>
    );
  }

  return (
    <main className="mg-screen">
      <ManageHeader title="房屋登记" subtitle={community.data?.community} fallback={centreOf(poiId)} />
      {poiId && first && (
        <section className="mg-card un-summary" aria-label="登记汇总">
          <p>
            共 <b>{first.register.units}</b> 户，专有部分总面积 <b>{first.register.area}</b> ㎡，其中 <b>{first.register.withOwners}</b> 户登记了业主手机号；按司法解释第九条计业主 <b>{first.register.owners}</b> 人
          </p>
          <Link className="un-votes-link" to={`${WebRoute.ownerVotes}?poiId=${encodeURIComponent(poiId)}`}>
            业主表决 ›
          </Link>
        </section>
      )}
      {poiId && !units.error && (
        <div className="un-actions">
          <button type="button" className="un-action" onClick={() => setEditing(null)}>
            <AddOutline aria-hidden="true" />
            添加房屋
          </button>
          <button type="button" className="un-action" disabled={importer.isPending} onClick={() => fileInput.current?.click()}>
            <UploadOutline aria-hidden="true" />
            {importer.isPending ? '正在检查…' : '导入表格'}
          </button>
          <a className="un-action" href={API_BASE + UNITS_TEMPLATE_PATH} download="房屋登记导入模板.xlsx">
            <DownlandOutline aria-hidden="true" />
            下载模板
          </a>
          <input ref={fileInput} type="file" hidden accept={`.xlsx,${XLSX_TYPE}`} aria-label="选择房屋登记表" onChange={(e) => onFile(e.target.files?.[0])} />
        </div>
      )}
      {poiId && !units.error && <SearchBar className="un-search" placeholder="搜索楼栋、单元或房号" onSearch={setKeyword} onClear={() => setKeyword('')} />}
      {body}
      <UnitFormPopup poiId={poiId} unit={editing} onClose={() => setEditing(undefined)} />
      <UnitImportPopup poiId={poiId} checked={checked} onClose={() => setChecked(null)} />
    </main>
  );
}
