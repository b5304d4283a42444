// /detailRefresh?id=: reads the post again, then shows /stickdetail in its place.
export { PostRefreshPage as Component } from '../../features/board/pages/post-refresh-page';
