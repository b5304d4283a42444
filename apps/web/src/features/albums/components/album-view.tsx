import { useRef, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import ImageViewer from 'antd-mobile/es/components/image-viewer';
import Input from 'antd-mobile/es/components/input';
import ProgressBar from 'antd-mobile/es/components/progress-bar';
import { ALBUM_PHOTOS_PER_REQUEST, ALBUM_REASON_MAX_CHARS } from '@sq/contract/albums/album-rules';
import type { AlbumPhoto } from '@sq/contract/albums/albums';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api-error';
import { showToast } from '../../../lib/toast';
import { uploadImage } from '../../../lib/upload-image';
import { useAddPhotos, useAlbum, useAskRemoval, useDeletePhoto, useRemovePhotoByStaff } from '../api/albums';

/**
 * /albums?event=: one event's photos newest first as a grid; a tap opens them full screen, swiped
 * left and right (as the board's viewer), with 申请删除 (or 删除 for one's own) under each. 上传照片
 * where the caller may add (staff, attendees where allowed), else the reason. Managers and
 * administrators may also remove anyone's photo, with a reason the uploader is told.
 */
export function AlbumView({ id }: { id: string }) {
  const album = useAlbum(id);
  const add = useAddPhotos(id);
  const remove = useDeletePhoto();
  const ask = useAskRemoval();
  const moderate = useRemovePhotoByStaff();
  const [open, setOpen] = useState<number | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  if (album.error && !album.data) {
    return (
      <section className="sp-card" role="alert">
        <p className="sp-refusal">{album.error instanceof ApiError ? album.error.message : '网络不可用，请稍后重试'}</p>
        <Button block size="large" color="primary" onClick={() => void album.refetch()}>重试</Button>
      </section>
    );
  }
  if (!album.data) return <p className="sp-muted sp-pad" role="status">正在加载…</p>;
  const first = album.data.pages[0]!;
  const photos = album.data.pages.flatMap((p) => p.photos);

  const upload = async (files: File[]) => {
    setRefusal(null);
    if (files.length > ALBUM_PHOTOS_PER_REQUEST) return setRefusal(`每次最多上传${ALBUM_PHOTOS_PER_REQUEST}张照片`);
    try {
      const hashes: string[] = [];
      for (const [i, file] of files.entries()) {
        setProgress(i / files.length);
        hashes.push((await uploadImage(first.event.poiId, file, (done) => setProgress((i + done) / files.length), undefined, 'album')).hash);
      }
      await add.mutateAsync(hashes);
      showToast(`已上传${hashes.length}张照片`);
    } catch (e) {
      setRefusal(e instanceof ApiError ? e.message : '上传失败，请检查网络后重试');
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const askRemoval = async (photo: AlbumPhoto) => {
    let reason = '';
    const ok = await Dialog.confirm({
      title: '申请删除照片',
      content: (
        <div>
          <p className="sp-text">照片中有您本人并希望删除时申请，工作人员核实后处理并通知您。</p>
          <Input className="sp-field" placeholder="原因（选填）" maxLength={ALBUM_REASON_MAX_CHARS} onChange={(v) => (reason = v)} aria-label="原因" />
        </div>
      ),
      confirmText: '提交申请',
      cancelText: '取消',
    });
    if (!ok) return;
    await ask.mutateAsync({ id: photo.id, reason });
    showToast('已提交，工作人员会尽快处理');
  };

  const deleteOwn = async (photo: AlbumPhoto) => {
    if (!(await Dialog.confirm({ content: '确定删除这张照片吗？', confirmText: '删除', cancelText: '取消' }))) return;
    await remove.mutateAsync(photo.id);
    setOpen(null);
    showToast('已删除');
  };

  const removeAsStaff = async (photo: AlbumPhoto) => {
    let note = '';
    const ok = await Dialog.confirm({
      title: '删除照片',
      content: (
        <div>
          <p className="sp-text">删除后居民将看不到这张照片，上传者会收到删除原因。</p>
          <Input className="sp-field" placeholder="删除原因（必填）" maxLength={ALBUM_REASON_MAX_CHARS} onChange={(v) => (note = v)} aria-label="删除原因" />
        </div>
      ),
      confirmText: '删除',
      cancelText: '取消',
    });
    if (!ok) return;
    if (!note.trim()) return showToast('请填写删除原因');
    try {
      await moderate.mutateAsync({ id: photo.id, note });
      setOpen(null);
      showToast('已删除，已通知上传者');
    } catch (e) {
      showToast(e instanceof ApiError ? e.message : '删除失败，请检查网络后重试');
    }
  };

  return (
    <>
      <section className="sp-card">
        <h2 className="sp-space-name">{first.event.title}</h2>
        <p className="sp-muted">共 {first.event.count} 张照片</p>
        {first.canAdd ? (
          <>
            <input ref={input} type="file" accept="image/*" multiple hidden onChange={(e) => void upload([...(e.target.files ?? [])])} data-testid="album-file" />
            <Button block size="large" color="primary" style={{ marginTop: 12 }} loading={progress !== null || add.isPending} onClick={() => input.current?.click()}>
              上传照片（还可上传{first.left}张）
            </Button>
            {progress !== null && <ProgressBar percent={Math.round(progress * 100)} style={{ marginTop: 8 }} />}
          </>
        ) : (
          first.why && <p className="sp-muted" style={{ marginTop: 8 }}>{first.why}</p>
        )}
        {refusal && <p className="sp-refusal" role="alert">{refusal}</p>}
      </section>
      {photos.length === 0 ? (
        <EmptyState title="还没有照片">活动开始后，工作人员和参加者上传的照片会出现在这里</EmptyState>
      ) : (
        <ul className="al-grid" aria-label="照片">
          {photos.map((p, i) => (
            <li key={p.id}>
              <button type="button" className="al-thumb" onClick={() => setOpen(i)} aria-label={`查看第${i + 1}张照片`}>
                <img src={p.thumbUrl} alt="" loading="lazy" width={120} height={120} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {album.hasNextPage && (
        <Button block fill="none" size="large" onClick={() => void album.fetchNextPage()} loading={album.isFetchingNextPage}>
          加载更多
        </Button>
      )}
      {open !== null && (
        <ImageViewer.Multi
          images={photos.map((p) => p.url)}
          defaultIndex={open}
          visible
          onClose={() => setOpen(null)}
          renderFooter={(_, index) => {
            const p = photos[index];
            if (!p) return null;
            return (
              <div className="al-viewer-footer">
                {p.mine ? (
                  <Button color="danger" size="large" onClick={() => void deleteOwn(p)}>删除</Button>
                ) : p.asked ? (
                  <span className="al-asked">已申请删除</span>
                ) : first.canModerate ? (
                  <Button color="danger" size="large" onClick={() => void removeAsStaff(p)}>删除（管理）</Button>
                ) : (
                  <Button size="large" onClick={() => void askRemoval(p)}>申请删除</Button>
                )}
              </div>
            );
          }}
        />
      )}
    </>
  );
}
