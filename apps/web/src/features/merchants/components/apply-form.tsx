import { useEffect, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Selector from 'antd-mobile/es/components/selector';
import TextArea from 'antd-mobile/es/components/text-area';
import { useNavigate, useSearchParams } from 'react-router';
import type { StoredImage } from '@sq/contract/images/upload-image';
import { SERVICE_CATEGORIES, SERVICE_CATEGORY_IDS } from '@sq/contract/map/service-categories';
import { isUscc, MERCHANT_PHOTOS_MAX, MerchantMsg, type MerchantStatus } from '@sq/contract/merchants/merchant-rules';
import type { ShopFull } from '@sq/contract/merchants/merchants';
import { WebRoute } from '@sq/contract/routes';
import { ApiError } from '../../../lib/api-error';
import { showToast } from '../../../lib/toast';
import { uploadImage } from '../../../lib/upload-image';
import { useMerchantActions } from '../api/merchant-queries';

const RADII = [500, 1000, 2000, 3000, 5000, 10_000];
const DRAFT_KEY = 'sq-merchant-form';

type Draft = {
  name: string;
  category: string;
  intro: string;
  address: string;
  lng: number | null;
  lat: number | null;
  hours: string;
  phone: string;
  photos: StoredImage[];
  licenceNo: string;
  licenceImage: StoredImage | null;
  radiusM: number;
};
const empty: Draft = { name: '', category: '', intro: '', address: '', lng: null, lat: null, hours: '09:00-21:00', phone: '', photos: [], licenceNo: '', licenceImage: null, radiusM: 1000 };
const fromShop = (s: ShopFull): Draft => ({ ...s, photos: s.photos, licenceImage: s.licenceImage });

/** The form kept while the map picker is open (it comes back with ?lng=&lat=&ads=). */
function savedDraft(): Draft | null {
  try {
    return JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null') as Draft | null;
  } catch {
    return null;
  }
}

/** 商家入驻 (apply) or 修改并重新提交 (edit): every field on one screen, photos uploaded as chosen. */
export function ApplyForm({ poiId, shop, onDone }: { poiId: string; shop?: ShopFull & { status: MerchantStatus }; onDone: () => void }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const actions = useMerchantActions();
  // Back from the map picker (?lng=&lat=&ads=): the kept form with the point, and its address when none was written yet.
  const [f, setF] = useState<Draft>(() => {
    const draft = savedDraft() ?? (shop ? fromShop(shop) : empty);
    const lng = Number(params.get('lng'));
    const lat = Number(params.get('lat'));
    if (!params.get('lng') || !Number.isFinite(lng) || !Number.isFinite(lat)) return draft;
    return { ...draft, lng, lat, address: draft.address || (params.get('ads') ?? '') };
  });
  const [uploading, setUploading] = useState<string | null>(null);
  const set = (patch: Partial<Draft>) => setF((d) => ({ ...d, ...patch }));
  const returned = params.has('lng');
  useEffect(() => {
    if (!returned) return;
    sessionStorage.removeItem(DRAFT_KEY);
    navigate(WebRoute.business, { replace: true });
  }, [returned, navigate]);

  const pickOnMap = () => {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(f));
    const q = new URLSearchParams({ back: WebRoute.business, poiId });
    if (f.lng !== null && f.lat !== null) {
      q.set('lng', String(f.lng));
      q.set('lat', String(f.lat));
    }
    navigate(`${WebRoute.mapPicker}?${q}`);
  };

  const upload = (file: File | undefined, what: 'photo' | 'licence') => {
    if (!file) return;
    setUploading(what);
    uploadImage(shop?.imagePoiId ?? poiId, file, () => {}, undefined, 'merchant')
      .then((img) => (what === 'photo' ? setF((d) => ({ ...d, photos: [...d.photos, img].slice(0, MERCHANT_PHOTOS_MAX) })) : set({ licenceImage: img })))
      .catch((e: unknown) => showToast(e instanceof ApiError ? e.message : '图片上传失败，请重试'))
      .finally(() => setUploading(null));
  };

  const submit = async () => {
    // Said before sending: what the server would refuse in the same words.
    const problem = !f.name.trim()
      ? MerchantMsg.name
      : !f.category
        ? MerchantMsg.category
        : f.lng === null || f.lat === null
          ? MerchantMsg.location
          : !f.address.trim()
            ? MerchantMsg.address
            : !isUscc(f.licenceNo)
              ? MerchantMsg.licenceNo
              : !f.licenceImage
                ? MerchantMsg.licenceImage
                : null;
    if (problem) return showToast(problem);
    const body = {
      name: f.name,
      category: f.category,
      intro: f.intro,
      address: f.address,
      lng: f.lng!,
      lat: f.lat!,
      hours: f.hours,
      phone: f.phone,
      photos: f.photos.map((p) => p.hash),
      licenceNo: f.licenceNo,
      licenceImage: f.licenceImage!.hash,
      imagePoiId: shop?.imagePoiId ?? poiId,
      radiusM: f.radiusM,
    };
    try {
      const res = shop ? await actions.edit.mutateAsync({ id: shop.id, ...body }) : await actions.apply.mutateAsync(body);
      showToast(`已提交，服务范围内 ${res.communities} 个社区将审核您的店铺`);
      sessionStorage.removeItem(DRAFT_KEY);
      onDone();
    } catch {
      // The API client showed the server's message.
    }
  };

  return (
    <section className="mc-section" aria-label={shop ? '修改店铺信息' : '商家入驻申请'}>
      <h2>{shop ? '修改并重新提交' : '商家入驻申请'}</h2>
      <p className="mc-muted">提交后由服务范围内各社区的管理员或平台审核，通过后该社区居民即可看到您的店铺。</p>
      <label className="mc-muted" htmlFor="mc-name">店铺名称</label>
      <Input id="mc-name" placeholder="例如：望京鲜果铺" value={f.name} maxLength={30} onChange={(name) => set({ name })} />
      <div className="mc-muted">经营类别</div>
      <Selector aria-label="经营类别" columns={3} options={SERVICE_CATEGORY_IDS.map((id) => ({ label: SERVICE_CATEGORIES[id].label, value: id }))} value={f.category ? [f.category] : []} onChange={(v) => set({ category: v[0] ?? '' })} />
      <label className="mc-muted" htmlFor="mc-intro">店铺介绍（选填）</label>
      <TextArea id="mc-intro" placeholder="主营什么、有什么特色" value={f.intro} maxLength={500} rows={3} onChange={(intro) => set({ intro })} />
      <div className="mc-muted">店铺位置</div>
      <div className="mc-row">
        <span data-testid="mc-location">{f.lng !== null ? `已选择（${f.lng.toFixed(4)}, ${f.lat!.toFixed(4)}）` : '尚未选择'}</span>
        <Button size="small" shape="rounded" onClick={pickOnMap}>
          在地图上选择
        </Button>
      </div>
      <label className="mc-muted" htmlFor="mc-address">详细地址</label>
      <Input id="mc-address" placeholder="街道、门牌号" value={f.address} maxLength={80} onChange={(address) => set({ address })} />
      <label className="mc-muted" htmlFor="mc-hours">营业时间</label>
      <Input id="mc-hours" placeholder="09:00-21:00" value={f.hours} onChange={(hours) => set({ hours })} />
      <label className="mc-muted" htmlFor="mc-phone">店铺电话</label>
      <Input id="mc-phone" type="tel" placeholder="手机或座机，如 010-12345678" value={f.phone} onChange={(phone) => set({ phone })} />
      <div className="mc-muted">服务范围</div>
      <Selector aria-label="服务范围" columns={3} options={RADII.map((r) => ({ label: r < 1000 ? `${r} 米` : `${r / 1000} 公里`, value: r }))} value={[f.radiusM]} onChange={(v) => v[0] && set({ radiusM: v[0] })} />
      <div className="mc-muted">店铺照片（最多 {MERCHANT_PHOTOS_MAX} 张）</div>
      <div className="mc-thumbs">
        {f.photos.map((p) => (
          <img key={p.hash} src={p.thumbUrl} alt="店铺照片" onClick={() => set({ photos: f.photos.filter((x) => x.hash !== p.hash) })} />
        ))}
        {f.photos.length < MERCHANT_PHOTOS_MAX && (
          <label className="mc-file">
            {uploading === 'photo' ? '上传中' : '+ 照片'}
            <input type="file" accept="image/*" aria-label="添加店铺照片" onChange={(e) => upload(e.target.files?.[0], 'photo')} />
          </label>
        )}
      </div>
      <label className="mc-muted" htmlFor="mc-licence">统一社会信用代码</label>
      <Input id="mc-licence" placeholder="营业执照上的 18 位代码" value={f.licenceNo} maxLength={18} onChange={(v) => set({ licenceNo: v.toUpperCase() })} />
      <div className="mc-muted">营业执照照片（仅审核人员和本店可见）</div>
      <div className="mc-thumbs">
        {f.licenceImage && <img src={f.licenceImage.thumbUrl} alt="营业执照" />}
        <label className="mc-file">
          {uploading === 'licence' ? '上传中' : f.licenceImage ? '更换' : '+ 执照'}
          <input type="file" accept="image/*" aria-label="上传营业执照照片" onChange={(e) => upload(e.target.files?.[0], 'licence')} />
        </label>
      </div>
      <div className="mc-actions">
        <Button block color="primary" shape="rounded" loading={actions.apply.isPending || actions.edit.isPending} disabled={uploading !== null} onClick={() => void submit()}>
          {shop ? '重新提交审核' : '提交申请'}
        </Button>
      </div>
    </section>
  );
}
