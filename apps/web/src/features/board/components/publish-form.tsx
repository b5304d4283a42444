import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import Switch from 'antd-mobile/es/components/switch';
import Toast from 'antd-mobile/es/components/toast';
import { Link, useNavigate } from 'react-router';
import { BOARD_KINDS, BoardMsg, POST_MAX_CHARS, type BoardKind } from '@sq/contract/board/board-rules';
import { WebRoute } from '@sq/contract/routes';
import { usePublish } from '../api/publish';
import type { PostDetail } from '../api/post';
import { boardLinks } from '../lib/board-links';
import { fenToYuan, yuanToFen } from '../lib/price';
import { usePhotoUploads } from '../lib/use-photo-uploads';
import { KindPicker } from './kind-picker';
import { PhotoPicker } from './photo-picker';

interface Props {
  poiId: string;
  staff: boolean;
  /** The post being edited (its author's), or null for a new one. */
  editing: PostDetail | null;
  /** A new post's kind from the tab it was started on. */
  startKind: string | null;
}

/** /tpush's form: kind, text with its count, photos, 闲置's price, 公开电话; then posted or held. */
export function PublishForm({ poiId, staff, editing, startKind }: Props) {
  const navigate = useNavigate();
  const [kind, setKind] = useState<BoardKind | null>(
    editing?.kind ?? (BOARD_KINDS.includes(startKind as BoardKind) && startKind !== 'notice' ? (startKind as BoardKind) : null),
  );
  const [text, setText] = useState(editing?.text ?? '');
  const [price, setPrice] = useState(fenToYuan(editing?.priceFen ?? null));
  const [showPhone, setShowPhone] = useState(editing?.showPhone ?? false);
  const photos = usePhotoUploads(poiId, editing?.images ?? []);
  const publish = usePublish(poiId, editing?.id ?? null);
  const count = [...text].length;

  const submit = () => {
    if (!kind) return void Toast.show(BoardMsg.kind);
    if (!text.trim()) return void Toast.show(BoardMsg.textRequired);
    if (count > POST_MAX_CHARS) return void Toast.show(BoardMsg.textTooLong);
    if (photos.uploading) return void Toast.show('图片还在上传，请稍等');
    if (photos.failed) return void Toast.show('有图片没能上传，请删除后重新选择');
    const priceFen = kind === 'sale' ? yuanToFen(price) : null;
    if (priceFen === undefined) return void Toast.show(BoardMsg.price);
    publish.mutate(
      { kind, text: text.trim(), images: photos.hashes, priceFen, showPhone },
      {
        onSuccess: async ({ id, status, notice }) => {
          if (status !== 'visible') {
            // Held: the author must know that neighbours do not see it yet, and why.
            await Dialog.alert({ title: '已提交，等待审核', content: notice ?? BoardMsg.held, confirmText: '知道了' });
          } else Toast.show({ icon: 'success', content: editing ? '已保存' : '发布成功' });
          navigate(boardLinks.post(id), { replace: true });
        },
      },
    );
  };

  return (
    <form
      className="bd-publish"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <KindPicker value={kind} staff={staff} onChange={setKind} />

      <div className="bd-field">
        <label className="bd-field-label" htmlFor="bd-publish-text">
          内容
        </label>
        <textarea
          id="bd-publish-text"
          className="bd-publish-text"
          rows={6}
          value={text}
          placeholder={kind === 'sale' ? '说说物品的情况、新旧、在哪里交易' : '想和邻居们说点什么？'}
          onChange={(e) => setText(e.target.value)}
          aria-describedby="bd-publish-count"
        />
        <p id="bd-publish-count" className={`bd-count-line${count > POST_MAX_CHARS ? ' bd-count-over' : ''}`}>
          {count}/{POST_MAX_CHARS}
        </p>
      </div>

      <div className="bd-field">
        <span className="bd-field-label">图片</span>
        <PhotoPicker slots={photos.slots} onAdd={photos.add} onRemove={photos.remove} />
      </div>

      {kind === 'sale' && (
        <div className="bd-field">
          <label className="bd-field-label" htmlFor="bd-publish-price">
            价格（元）
          </label>
          <input
            id="bd-publish-price"
            className="bd-publish-price"
            inputMode="decimal"
            value={price}
            placeholder="不填为“面议”"
            onChange={(e) => setPrice(e.target.value)}
          />
        </div>
      )}

      <div className="bd-field bd-phone-field">
        <div>
          <label className="bd-field-label" htmlFor="bd-publish-phone">
            公开电话
          </label>
          <p className="bd-hint" id="bd-publish-phone-hint">
            不打开时，内容里的手机号会显示为 138****5678，保护您的隐私
          </p>
        </div>
        <Switch checked={showPhone} onChange={setShowPhone} aria-label="公开电话" aria-describedby="bd-publish-phone-hint" />
      </div>

      <p className="bd-hint bd-rules-link">
        发帖即表示遵守<Link to={WebRoute.boardRules}>《邻里圈规则》</Link>
      </p>
      <Button block type="submit" color="primary" shape="rounded" size="large" loading={publish.isPending} disabled={photos.uploading}>
        {photos.uploading ? '图片上传中…' : editing ? '保存修改' : '发布'}
      </Button>
    </form>
  );
}
